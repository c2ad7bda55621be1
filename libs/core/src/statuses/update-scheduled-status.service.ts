import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  isValidId,
  RecordNotFoundError,
  ScheduledStatus,
  ScheduledStatusRepository,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { JobQueue } from '@nestodon/queue';
import { enqueueScheduledPublication } from './status-jobs';
import { SCHEDULED_DAILY_LIMIT, validateScheduledAt } from './status-rules';

/** Moves a scheduled status to another time (at least 5 minutes ahead, within the daily cap). */
@Injectable()
export class UpdateScheduledStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly accounts: AccountRepository,
    private readonly scheduledStatuses: ScheduledStatusRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(account: Account, id: string, scheduledAt: Date | null): Promise<ScheduledStatus> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const updated = await this.transactions.run(async (tx) => {
      await this.accounts.lock(account.id, tx);
      const scheduled = await this.scheduledStatuses.findOwned(id, account.id, tx);
      if (!scheduled) throw new RecordNotFoundError();
      if (!scheduledAt) return scheduled;
      validateScheduledAt(scheduledAt);
      const counts = await this.scheduledStatuses.counts(account.id, scheduledAt, id, tx);
      if (counts.day >= SCHEDULED_DAILY_LIMIT) {
        throw new ValidationError(
          `Validation failed: You have exceeded the limit of ${SCHEDULED_DAILY_LIMIT} scheduled posts for that day`,
        );
      }
      return this.scheduledStatuses.reschedule(scheduled, scheduledAt, tx);
    });
    await enqueueScheduledPublication(this.jobs, updated);
    return updated;
  }
}
