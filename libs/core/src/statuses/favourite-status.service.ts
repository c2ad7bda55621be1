import { Injectable } from '@nestjs/common';
import {
  Account,
  FavouriteRepository,
  Status,
  StatusStatsRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { RecordInteractionService } from '../suggestions/record-interaction.service';
import { StatusQueries } from './status-queries';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Favourites a status the account can see (a reblog's original). Idempotent; the counter moves
 * only when a favourite was really added, so it stays exact under concurrency.
 */
@Injectable()
export class FavouriteStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly visibility: StatusQueries,
    private readonly favourites: FavouriteRepository,
    private readonly statusStats: StatusStatsRepository,
    private readonly interactions: RecordInteractionService,
    private readonly jobs: JobQueue,
    private readonly outbox: ActivityOutbox,
  ) {}

  /** Returns the status as requested (a reblog with its original), for rendering. */
  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const target = status.reblog ?? status;
    const added = await this.transactions.run(async (tx) => {
      const favouriteId = await this.favourites.insert(account.id, target.id, tx);
      if (favouriteId) await this.statusStats.increment(target.id, 'favourites_count', 1, tx);
      return favouriteId;
    });
    if (added) {
      await this.interactions.call(account.id, target.accountId, 'favourite');
      // The author's `favourite` notification (NotifyService drops it for remote authors).
      await this.jobs.enqueue(JobName.Notify, {
        recipientId: target.accountId,
        type: 'favourite',
        fromAccountId: account.id,
        statusId: target.id,
        favouriteId: added,
      });
      await this.outbox.publish(account, {
        type: 'like',
        accountId: account.id,
        statusId: target.id,
        favouriteId: added,
      });
    }
    return status;
  }
}
