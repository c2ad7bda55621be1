import { Injectable } from '@nestjs/common';
import {
  Account,
  FavouriteRepository,
  Status,
  StatusStatsRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { StatusQueries } from './status-queries';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Removes a favourite. A status the account cannot see answers 404 and changes nothing, so the
 * call tells nothing about statuses one may not see.
 */
@Injectable()
export class UnfavouriteStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly visibility: StatusQueries,
    private readonly favourites: FavouriteRepository,
    private readonly statusStats: StatusStatsRepository,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const target = status.reblog ?? status;
    const removed = await this.transactions.run(async (tx) => {
      const favouriteId = await this.favourites.delete(account.id, target.id, tx);
      if (favouriteId) await this.statusStats.increment(target.id, 'favourites_count', -1, tx);
      return favouriteId;
    });
    if (removed) {
      await this.outbox.publish(account, {
        type: 'unlike',
        accountId: account.id,
        statusId: target.id,
        favouriteId: removed,
      });
    }
    return status;
  }
}
