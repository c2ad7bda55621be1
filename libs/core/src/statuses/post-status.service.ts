import { Injectable } from '@nestjs/common';
import {
  Account,
  ScheduledStatus,
  ScheduledStatusRepository,
  Status,
  StatusRepository,
  StatusWriteRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { PostStatusInput } from './build-status-draft.service';
import { CreateStatusService } from './create-status.service';
import { IdempotencyStore } from './idempotency.store';
import { PostprocessStatusService } from './postprocess-status.service';
import { ScheduleStatusService } from './schedule-status.service';

export type PostStatusResult = { status: Status } | { scheduled: ScheduledStatus };

/** How long an Idempotency-Key answers with its first result (as the Redis record). */
const IDEMPOTENCY_SECONDS = 3600;

/**
 * POST /api/v1/statuses, as Mastodon's PostStatusService: posts a status now (created in one
 * transaction, postprocessed after commit), or schedules it (`scheduledAt`). An
 * Idempotency-Key returns the first result for an hour: a posted status records its key in
 * its own transaction, so a retry after the process died right after the commit finds it.
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
    private readonly writes: StatusWriteRepository,
  ) {}

  async call(account: Account, input: PostStatusInput): Promise<PostStatusResult> {
    const key = input.idempotencyKey?.trim();
    if (!key) return this.postOrSchedule(account, input, null);
    const idempotencyKey = key.slice(0, 255);
    return this.idempotency.once<PostStatusResult>(
      account.id,
      idempotencyKey,
      (remembered) => this.recall(account.id, idempotencyKey, remembered),
      async () => {
        const result = await this.postOrSchedule(account, input, idempotencyKey);
        const remember =
          'status' in result ? `status:${result.status.id}` : `scheduled:${result.scheduled.id}`;
        return { result, remember };
      },
    );
  }

  private async recall(
    accountId: string,
    idempotencyKey: string,
    remembered: string | null,
  ): Promise<PostStatusResult | null> {
    const [kind, id] = remembered?.split(':') ?? [
      'status',
      await this.statuses.findIdByIdempotencyKey(accountId, idempotencyKey, IDEMPOTENCY_SECONDS),
    ];
    if (!id) return null;
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
    idempotencyKey: string | null,
  ): Promise<PostStatusResult> {
    const { scheduledAt } = input;
    if (scheduledAt)
      return { scheduled: await this.schedule.call(account, { ...input, scheduledAt }) };
    const status = await this.transactions.run(async (tx) => {
      const created = await this.create.call(account, input, {}, tx);
      if (idempotencyKey)
        await this.writes.rememberIdempotencyKey(account.id, idempotencyKey, created.id, tx);
      return created;
    });
    await this.postprocess.call(status);
    return { status };
  }
}
