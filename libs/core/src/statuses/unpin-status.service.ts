import { Injectable } from '@nestjs/common';
import { Account, Status, StatusPinRepository } from '@nestodon/domain';
import { StatusQueries } from './status-queries';

/** Takes a status off one's profile (nothing to do when it was not pinned). */
@Injectable()
export class UnpinStatusService {
  constructor(
    private readonly visibility: StatusQueries,
    private readonly pins: StatusPinRepository,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    await this.pins.delete(account.id, status.id);
    return status;
  }
}
