import { Injectable } from '@nestjs/common';
import { Account, CustomFilterKeyword, CustomFilterRepository } from '@nestodon/domain';
import { FilterKeywordInput } from './add-filter-keyword.service';
import { FilterQueries } from './filter-queries';
import { parseKeyword } from './filter-rules';
import { FiltersChangedNotifier } from './filters-changed';

/** Changes a keyword of one of the user's filters; absent fields stay. */
@Injectable()
export class UpdateFilterKeywordService {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(
    owner: Pick<Account, 'id'>,
    id: string,
    input: FilterKeywordInput,
  ): Promise<CustomFilterKeyword> {
    const { keyword } = await this.queries.keyword(owner, id);
    if (input.keyword !== undefined) keyword.keyword = parseKeyword(input.keyword);
    if (input.wholeWord !== undefined) keyword.wholeWord = input.wholeWord;
    const saved = await this.filters.saveKeyword(keyword);
    await this.notifier.changed(owner.id);
    return saved;
  }
}
