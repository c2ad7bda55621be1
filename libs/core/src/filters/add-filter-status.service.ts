import { Injectable } from '@nestjs/common';
import {
  Account,
  CustomFilterRepository,
  CustomFilterStatus,
  isValidId,
  ValidationError,
} from '@nestodon/domain';
import { FilterQueries } from './filter-queries';
import { FiltersChangedNotifier } from './filters-changed';

/** Makes one of the user's filters match a status by id (POST /api/v2/filters/:id/statuses). */
@Injectable()
export class AddFilterStatusService {
  constructor(
    private readonly filters: CustomFilterRepository,
    private readonly queries: FilterQueries,
    private readonly notifier: FiltersChangedNotifier,
  ) {}

  async call(
    owner: Pick<Account, 'id'>,
    filterId: string,
    statusId: unknown,
  ): Promise<CustomFilterStatus> {
    const filter = await this.queries.owned(owner, filterId);
    if (!isValidId(statusId)) throw new ValidationError('Validation failed: Status must exist');
    const added = await this.filters.addStatus(filter.id, statusId);
    if (added === 'unknown-status') {
      throw new ValidationError('Validation failed: Status must exist');
    }
    if (added === 'already-filtered') {
      throw new ValidationError('Validation failed: Status has already been taken');
    }
    await this.notifier.changed(owner.id);
    return added;
  }
}
