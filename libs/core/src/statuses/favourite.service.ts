import { Injectable } from '@nestjs/common';
import { Account, Status, StatusStatsRepository } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource } from 'typeorm';
import { RecordInteractionService } from '../suggestions/record-interaction.service';
import { inStatusTransaction } from './status-transaction';
import { StatusVisibilityService } from './status-visibility.service';

/**
 * Favourites a status the account can see (a reblog's original). Idempotent; the counter moves
 * only when a favourite was really added, so it stays exact under concurrency.
 */
@Injectable()
export class FavouriteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
    private readonly statusStats: StatusStatsRepository,
    private readonly interactions: RecordInteractionService,
    private readonly jobs: JobQueue,
  ) {}

  /** Returns the status as requested (a reblog with its original), for rendering. */
  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const target = status.reblog ?? status;
    const added = await inStatusTransaction(this.dataSource, async (manager) => {
      const inserted = (await manager.query(
        `INSERT INTO favourites (account_id, status_id) VALUES ($1, $2)
         ON CONFLICT (account_id, status_id) DO NOTHING RETURNING id`,
        [account.id, target.id],
      )) as Array<{ id: string }>;
      if (inserted.length > 0) {
        await this.statusStats.increment(target.id, 'favourites_count', 1, manager);
      }
      return inserted.length > 0 ? String(inserted[0].id) : null;
    });
    if (added) {
      await this.interactions.record(account.id, target.accountId, 'favourite');
      // The author's `favourite` notification (NotifyService drops it for remote authors).
      await this.jobs.enqueue(JobName.Notify, {
        recipientId: target.accountId,
        type: 'favourite',
        fromAccountId: account.id,
        statusId: target.id,
        favouriteId: added,
      });
    }
    return status;
  }
}
