import { Injectable } from '@nestjs/common';
import { Account, CustomFilterRepository } from '@nestodon/domain';
import { FilterQueries } from './filter-queries';
import { FiltersChangedNotifier } from './filters-changed';

/** Removes a keyword of one of the user's filters (also what deleting a v1 filter does). */
@Injectable()
export class RemoveFilterKeywordService {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(owner: Pick<Account, 'id'>, id: string): Promise<void> {
    const { keyword } = await this.queries.keyword(owner, id);
    await this.filters.deleteKeyword(keyword.id);
    await this.notifier.changed(owner.id);
  }
}
