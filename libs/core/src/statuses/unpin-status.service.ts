import { Injectable } from '@nestjs/common';
import { Account, Status, StatusPinRepository } from '@nestodon/domain';
import { StatusQueries } from './status-queries';
import { ActivityOutbox } from '../outbox/activity-outbox';

/** Takes a status off one's profile (nothing to do when it was not pinned). */
@Injectable()
export class UnpinStatusService {
  constructor(
    private readonly visibility: StatusQueries,
    private readonly pins: StatusPinRepository,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    if (await this.pins.delete(account.id, status.id)) {
      await this.outbox.publish(account, {
        type: 'unpin',
        accountId: account.id,
        statusId: status.id,
      });
    }
    return status;
  }
}
