import { Injectable } from '@nestjs/common';
import { Account, CustomFilterRepository } from '@nestodon/domain';
import { FilterQueries } from './filter-queries';
import { FiltersChangedNotifier } from './filters-changed';

/** Deletes one of the user's filters with its keywords and statuses. */
@Injectable()
export class DeleteFilterService {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(owner: Pick<Account, 'id'>, id: string): Promise<void> {
    const filter = await this.queries.owned(owner, id);
    await this.filters.deleteFilter(filter.id);
    await this.notifier.changed(owner.id);
  }
}
