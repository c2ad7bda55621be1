import { Injectable } from '@nestjs/common';
import { Account, RecordNotFoundError, Status, StatusRepository } from '@nestodon/domain';
import { RemoveStatusService } from './remove-status.service';
import { StatusQueries } from './status-queries';

/**
 * Undoes the account's reblog of a status (Mastodon removes the reblog as any status) and
 * returns the reblogged status (now with `reblogged: false` and one reblog less). Without a
 * reblog it just returns the status.
 */
@Injectable()
export class UnreblogStatusService {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
    private readonly removal: RemoveStatusService,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const target = status.reblog ?? status;
    const reblogId = await this.statuses.liveReblogId(account.id, target.id);
    if (reblogId) {
      try {
        await this.removal.call(account, reblogId);
      } catch (error) {
        // A concurrent unreblog removed it first: the outcome is the same.
        if (!(error instanceof RecordNotFoundError)) throw error;
      }
    }
    return (await this.visibility.findVisible(target.id, account)).status;
  }
}
