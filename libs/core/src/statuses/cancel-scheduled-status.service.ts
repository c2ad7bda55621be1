import { Injectable } from '@nestjs/common';
import {
  Account,
  isValidId,
  RecordNotFoundError,
  ScheduledStatusRepository,
} from '@nestodon/domain';

/** Cancels a scheduled status; its media become unattached again (usable in another post). */
@Injectable()
export class CancelScheduledStatusService {
  constructor(private readonly scheduledStatuses: ScheduledStatusRepository) {}

  async call(account: Account, id: string): Promise<void> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    if (!(await this.scheduledStatuses.deleteOwned(id, account.id))) {
      throw new RecordNotFoundError();
    }
  }
}
