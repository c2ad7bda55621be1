import { Injectable } from '@nestjs/common';
import {
  Account,
  isValidId,
  RecordNotFoundError,
  ScheduledStatus,
  ValidationError,
} from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { PostStatusService } from './post-status.service';
import { SCHEDULED_DAILY_LIMIT, validateScheduledAt } from './status-rules';
import { inStatusTransaction } from './status-transaction';

/** Moves a scheduled status to another time (at least 5 minutes ahead, within the daily cap). */
@Injectable()
export class UpdateScheduledStatusService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly posting: PostStatusService,
  ) {}

  async call(account: Account, id: string, scheduledAt: Date | null): Promise<ScheduledStatus> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const updated = await inStatusTransaction(this.dataSource, async (manager) => {
      await manager.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [account.id]);
      const scheduled = await manager
        .getRepository(ScheduledStatus)
        .findOneBy({ id, accountId: account.id });
      if (!scheduled) throw new RecordNotFoundError();
      if (!scheduledAt) return scheduled;
      validateScheduledAt(scheduledAt);
      const [row] = (await manager.query(
        `SELECT count(*)::int AS day FROM scheduled_statuses
          WHERE account_id = $1 AND id <> $2
            AND (scheduled_at AT TIME ZONE 'UTC')::date = ($3::timestamptz AT TIME ZONE 'UTC')::date`,
        [account.id, id, scheduledAt],
      )) as Array<{ day: number }>;
      if (row.day >= SCHEDULED_DAILY_LIMIT) {
        throw new ValidationError(
          `Validation failed: You have exceeded the limit of ${SCHEDULED_DAILY_LIMIT} scheduled posts for that day`,
        );
      }
      scheduled.scheduledAt = scheduledAt;
      return manager.getRepository(ScheduledStatus).save(scheduled);
    });
    await this.posting.enqueuePublication(updated);
    return updated;
  }
}
