import { Injectable } from '@nestjs/common';
import {
  Account,
  ScheduledStatus,
  ScheduledStatusRepository,
  Status,
  StatusRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { PostStatusInput } from './build-status-draft.service';
import { CreateStatusService } from './create-status.service';
import { IdempotencyStore } from './idempotency.store';
import { PostprocessStatusService } from './postprocess-status.service';
import { ScheduleStatusService } from './schedule-status.service';

export type PostStatusResult = { status: Status } | { scheduled: ScheduledStatus };

/**
 * POST /api/v1/statuses, as Mastodon's PostStatusService: posts a status now (created in one
 * transaction, postprocessed after commit), or schedules it (`scheduledAt`). An
 * Idempotency-Key returns the first result for an hour.
 */
@Injectable()
export class PostStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly create: CreateStatusService,
    private readonly postprocess: PostprocessStatusService,
    private readonly schedule: ScheduleStatusService,
    private readonly idempotency: IdempotencyStore,
    private readonly statuses: StatusRepository,
    private readonly scheduledStatuses: ScheduledStatusRepository,
  ) {}

  async call(account: Account, input: PostStatusInput): Promise<PostStatusResult> {
    const key = input.idempotencyKey?.trim();
    if (!key) return this.postOrSchedule(account, input);
    return this.idempotency.once<PostStatusResult>(
      account.id,
      key.slice(0, 255),
      (remembered) => this.recall(account.id, remembered),
      async () => {
        const result = await this.postOrSchedule(account, input);
        const remember =
          'status' in result ? `status:${result.status.id}` : `scheduled:${result.scheduled.id}`;
        return { result, remember };
      },
    );
  }

  private async recall(accountId: string, remembered: string): Promise<PostStatusResult | null> {
    const [kind, id] = remembered.split(':');
    if (kind === 'status') {
      const status = await this.statuses.findOneWithRelations(id);
      return status && status.accountId === accountId ? { status } : null;
    }
    const scheduled = await this.scheduledStatuses.findOwned(id, accountId);
    return scheduled ? { scheduled } : null;
  }

  private async postOrSchedule(
    account: Account,
    input: PostStatusInput,
  ): Promise<PostStatusResult> {
    const { scheduledAt } = input;
    if (scheduledAt)
      return { scheduled: await this.schedule.call(account, { ...input, scheduledAt }) };
    const status = await this.transactions.run((tx) => this.create.call(account, input, {}, tx));
    await this.postprocess.call(status);
    return { status };
  }
}
