import { Injectable } from '@nestjs/common';
import { Account, CustomFilterRepository } from '@nestodon/domain';
import { FilterQueries } from './filter-queries';
import { FiltersChangedNotifier } from './filters-changed';

/** Stops one of the user's filters matching a status. */
@Injectable()
export class RemoveFilterStatusService {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(owner: Pick<Account, 'id'>, id: string): Promise<void> {
    const { status } = await this.queries.filterStatus(owner, id);
    await this.filters.deleteStatus(status.id);
    await this.notifier.changed(owner.id);
  }
}
