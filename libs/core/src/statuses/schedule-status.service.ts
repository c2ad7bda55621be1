import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  ScheduledStatus,
  ScheduledStatusParams,
  ScheduledStatusRepository,
  TransactionRunner,
  ValidationError,
  visibilityName,
} from '@nestodon/domain';
import { JobQueue } from '@nestodon/queue';
import { BuildStatusDraftService, PostStatusInput } from './build-status-draft.service';
import { enqueueScheduledPublication } from './status-jobs';
import { SCHEDULED_DAILY_LIMIT, SCHEDULED_TOTAL_LIMIT, validateScheduledAt } from './status-rules';

/**
 * Keeps a status for later (`scheduled_at`): validated now as posting would, its media
 * reserved, within Mastodon's limits (300 scheduled, 25 a day), and published by the worker at
 * its time (JobName.PublishScheduledStatus).
 */
@Injectable()
export class ScheduleStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly drafts: BuildStatusDraftService,
    private readonly accounts: AccountRepository,
    private readonly scheduledStatuses: ScheduledStatusRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(
    account: Account,
    input: PostStatusInput & { scheduledAt: Date },
  ): Promise<ScheduledStatus> {
    const { scheduledAt } = input;
    validateScheduledAt(scheduledAt);
    const scheduled = await this.transactions.run(async (tx) => {
      const draft = await this.drafts.call(account, input, {}, tx);
      // One scheduler at a time per account, so the limits hold under concurrency.
      await this.accounts.lock(account.id, tx);
      const counts = await this.scheduledStatuses.counts(account.id, scheduledAt, null, tx);
      if (counts.total >= SCHEDULED_TOTAL_LIMIT) {
        throw new ValidationError(
          `Validation failed: You have exceeded the limit of ${SCHEDULED_TOTAL_LIMIT} scheduled posts`,
        );
      }
      if (counts.day >= SCHEDULED_DAILY_LIMIT) {
        throw new ValidationError(
          `Validation failed: You have exceeded the limit of ${SCHEDULED_DAILY_LIMIT} scheduled posts for that day`,
        );
      }
      const params: ScheduledStatusParams = {
        text: draft.text,
        poll: draft.poll
          ? {
              options: draft.poll.options,
              expires_in: draft.poll.expiresIn,
              multiple: draft.poll.multiple ?? false,
              hide_totals: draft.poll.hideTotals ?? false,
            }
          : null,
        media_ids: draft.media.length ? draft.media.map((row) => row.id) : null,
        sensitive: input.sensitive ?? null,
        spoiler_text: draft.spoilerText || null,
        visibility: visibilityName(draft.visibility),
        in_reply_to_id: draft.thread?.id ?? null,
        language: draft.language,
        application_id: input.applicationId ?? null,
        scheduled_at: null,
        idempotency: input.idempotencyKey ?? null,
        with_rate_limit: false,
      };
      if (draft.quoted) params.quoted_status_id = draft.quoted.id;
      if (input.quoteApprovalPolicy) params.quote_approval_policy = input.quoteApprovalPolicy;
      if (input.allowedMentions) params.allowed_mentions = input.allowedMentions;
      const row = await this.scheduledStatuses.insert(account.id, scheduledAt, params, tx);
      if (draft.media.length > 0) {
        const mediaIds = draft.media.map((media) => media.id);
        const attached = await this.scheduledStatuses.attachMedia(row.id, account.id, mediaIds, tx);
        if (attached !== draft.media.length) {
          throw new ValidationError('Media not found or already attached to another post');
        }
      }
      return row;
    });
    await enqueueScheduledPublication(this.jobs, scheduled);
    return scheduled;
  }
}
