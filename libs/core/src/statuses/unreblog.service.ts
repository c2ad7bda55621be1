import { Injectable } from '@nestjs/common';
import { Account, Status } from '@nestodon/domain';
import { RemoveStatusService } from './remove-status.service';
import { StatusVisibilityService } from './status-visibility.service';

/**
 * Undoes the account's reblog of a status and returns the reblogged status (now with
 * `reblogged: false` and one reblog less). Without a reblog it just returns the status.
 */
@Injectable()
export class UnreblogService {
  constructor(
    private readonly visibility: StatusVisibilityService,
    private readonly removal: RemoveStatusService,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const target = status.reblog ?? status;
    await this.removal.removeReblog(account, target.id);
    return (await this.visibility.findVisible(target.id, account)).status;
  }
}
