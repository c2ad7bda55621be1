import { Injectable, Logger } from '@nestjs/common';
import { Account, DomainError, ScheduledStatus, Status } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { PostStatusInput, PostStatusService } from './post-status.service';

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
    private readonly dataSource: DataSource,
    private readonly posting: PostStatusService,
  ) {}

  async call(scheduledStatusId: string, now = new Date()): Promise<Status | null> {
    let failed = false;
    const status = await this.dataSource
      .transaction(async (manager) => {
        const scheduled = await manager
          .getRepository(ScheduledStatus)
          .createQueryBuilder('s')
          .setLock('pessimistic_write')
          .setOnLocked('skip_locked')
          .where('s.id = :id', { id: scheduledStatusId })
          .getOne();
        if (!scheduled || scheduled.scheduledAt > now) return null;
        const account = await manager.getRepository(Account).findOneBy({ id: scheduled.accountId });
        if (!account || account.suspendedAt !== null) {
          await manager.delete(ScheduledStatus, { id: scheduled.id });
          return null;
        }
        const created = await this.posting.publish(account, inputOf(scheduled), {
          manager,
          fromScheduledId: scheduled.id,
        });
        await manager.delete(ScheduledStatus, { id: scheduled.id });
        return created;
      })
      .catch((error: unknown) => {
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn(`scheduled status ${scheduledStatusId} dropped: ${error.message}`);
        failed = true;
        return null;
      });
    if (failed) {
      await this.dataSource.getRepository(ScheduledStatus).delete({ id: scheduledStatusId });
    }
    if (status) await this.posting.afterPublish(status);
    return status;
  }

  /**
   * Publishes every scheduled status whose time has passed (a delayed job lost with Redis, a
   * worker that was down): the publication jobs sweep these on each run.
   */
  async publishDue(limit = 50, now = new Date()): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text AS id FROM scheduled_statuses WHERE scheduled_at <= $1
        ORDER BY scheduled_at LIMIT $2`,
      [now, limit],
    );
    let published = 0;
    for (const row of rows) if (await this.call(row.id, now)) published++;
    return published;
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
  };
}
