import { Injectable, Logger } from '@nestjs/common';
import {
  AccountRepository,
  DomainError,
  ScheduledStatus,
  ScheduledStatusRepository,
  Status,
  TransactionRunner,
} from '@nestodon/domain';
import { PostStatusInput } from './build-status-draft.service';
import { CreateStatusService } from './create-status.service';
import { PostprocessStatusService } from './postprocess-status.service';

/**
 * Publishes a scheduled status when its time has come (JobName.PublishScheduledStatus, enqueued
 * with a delay). A run before the time, or for a status already published or cancelled, does
 * nothing; the row is locked so two workers never publish it twice. A status that no longer
 * validates is dropped, as on Mastodon; a reply whose parent is gone is posted on its own.
 */
@Injectable()
export class PublishScheduledStatusService {
  private readonly logger = new Logger('PublishScheduledStatus');

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly scheduledStatuses: ScheduledStatusRepository,
    private readonly accounts: AccountRepository,
    private readonly create: CreateStatusService,
    private readonly postprocess: PostprocessStatusService,
  ) {}

  async call(scheduledStatusId: string, now = new Date()): Promise<Status | null> {
    let failed = false;
    const status = await this.transactions
      .run(async (tx) => {
        const scheduled = await this.scheduledStatuses.lockForPublication(scheduledStatusId, tx);
        if (!scheduled || scheduled.scheduledAt > now) return null;
        const account = await this.accounts.findById(scheduled.accountId, tx);
        if (!account || account.suspendedAt !== null) {
          await this.scheduledStatuses.delete(scheduled.id, tx);
          return null;
        }
        const created = await this.create.call(
          account,
          inputOf(scheduled),
          { fromScheduledId: scheduled.id },
          tx,
        );
        await this.scheduledStatuses.delete(scheduled.id, tx);
        return created;
      })
      .catch((error: unknown) => {
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn(`scheduled status ${scheduledStatusId} dropped: ${error.message}`);
        failed = true;
        return null;
      });
    if (failed) await this.scheduledStatuses.delete(scheduledStatusId);
    if (status) await this.postprocess.call(status);
    return status;
  }
}

function inputOf(scheduled: ScheduledStatus): PostStatusInput {
  const params = scheduled.params;
  return {
    text: params.text,
    spoilerText: params.spoiler_text,
    sensitive: params.sensitive,
    visibility: params.visibility,
    language: params.language,
    inReplyToId: params.in_reply_to_id,
    mediaIds: params.media_ids,
    poll: params.poll
      ? {
          options: params.poll.options,
          expiresIn: params.poll.expires_in,
          multiple: params.poll.multiple,
          hideTotals: params.poll.hide_totals,
        }
      : null,
    applicationId: params.application_id,
    quotedStatusId: params.quoted_status_id,
    quoteApprovalPolicy: params.quote_approval_policy,
    allowedMentions: params.allowed_mentions,
  };
}
