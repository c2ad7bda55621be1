import { Injectable } from '@nestjs/common';
import { Account, CustomFilterKeyword, CustomFilterRepository } from '@nestodon/domain';
import { FilterQueries } from './filter-queries';
import { parseKeyword } from './filter-rules';
import { FiltersChangedNotifier } from './filters-changed';

export interface FilterKeywordInput {
  keyword?: string;
  wholeWord?: boolean;
}

/** Adds a keyword to one of the user's filters (POST /api/v2/filters/:id/keywords). */
@Injectable()
export class AddFilterKeywordService {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(
    owner: Pick<Account, 'id'>,
    filterId: string,
    input: FilterKeywordInput,
  ): Promise<CustomFilterKeyword> {
    const filter = await this.queries.owned(owner, filterId);
    const keyword = await this.filters.saveKeyword({
      customFilterId: filter.id,
      keyword: parseKeyword(input.keyword),
      wholeWord: input.wholeWord ?? true,
    });
    await this.notifier.changed(owner.id);
    return keyword;
  }
}
