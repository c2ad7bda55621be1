import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  AccountStatsRepository,
  Conversation,
  isValidId,
  MediaAttachment,
  Poll,
  readUserSettings,
  RecordNotFoundError,
  ScheduledStatus,
  ScheduledStatusParams,
  Status,
  StatusRepository,
  StatusStatsRepository,
  StatusVisibility,
  User,
  ValidationError,
  visibilityFromName,
  visibilityName,
} from '@nestodon/domain';
import { countsAsReply, countsInStatusesCount } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource, EntityManager } from 'typeorm';
import { ActivityTracker } from '../instance/activity-tracker';
import { RecordInteractionService } from '../suggestions/record-interaction.service';
import { TagHistory } from '../tags/tag-history';
import { IdempotencyStore } from './idempotency.store';
import {
  normalizeStatusContent,
  pickLanguage,
  PollInput,
  SCHEDULED_DAILY_LIMIT,
  SCHEDULED_TOTAL_LIMIT,
  validateScheduledAt,
} from './status-rules';
import { findUsableMedia } from './status-media';
import { StatusTextProcessor } from './status-text.processor';
import { inStatusTransaction } from './status-transaction';
import { StatusVisibilityService } from './status-visibility.service';

/** What POST /api/v1/statuses takes (already parsed), and what a scheduled status replays. */
export interface PostStatusInput {
  text?: string | null;
  spoilerText?: string | null;
  sensitive?: boolean | null;
  /** public, unlisted, private or direct; the user's default when absent. */
  visibility?: string | null;
  language?: string | null;
  inReplyToId?: string | null;
  mediaIds?: string[] | null;
  poll?: PollInput | null;
  scheduledAt?: Date | null;
  idempotencyKey?: string | null;
  applicationId?: string | null;
}

export type PostStatusResult = { status: Status } | { scheduled: ScheduledStatus };

export const IN_REPLY_NOT_FOUND = 'The post you are trying to reply to does not appear to exist.';

const POSTING_VISIBILITIES: ReadonlySet<StatusVisibility> = new Set([
  StatusVisibility.Public,
  StatusVisibility.Unlisted,
  StatusVisibility.Private,
  StatusVisibility.Direct,
]);

interface Prepared {
  text: string;
  spoilerText: string;
  sensitive: boolean;
  visibility: StatusVisibility;
  language: string | null;
  thread: Status | null;
  media: MediaAttachment[];
  poll: PollInput | null;
}

interface PublishOptions {
  /** Run inside this transaction (the caller commits and calls afterPublish). */
  manager?: EntityManager;
  /** The scheduled status being published: its media may be attached, a vanished parent is ignored. */
  fromScheduledId?: string;
}

/**
 * Posts a status now, or schedules it (`scheduledAt`), as Mastodon's PostStatusService: text
 * rendered with mentions and hashtags, media attached, poll created, counters kept exact, and
 * fan-out enqueued after commit. An Idempotency-Key returns the first result for an hour.
 */
@Injectable()
export class PostStatusService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusVisibilityService,
    private readonly textProcessor: StatusTextProcessor,
    private readonly accountStats: AccountStatsRepository,
    private readonly statusStats: StatusStatsRepository,
    private readonly jobs: JobQueue,
    private readonly idempotency: IdempotencyStore,
    private readonly activity: ActivityTracker,
    private readonly interactions: RecordInteractionService,
    private readonly tagHistory: TagHistory,
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
    const scheduled = await this.dataSource
      .getRepository(ScheduledStatus)
      .findOneBy({ id, accountId });
    return scheduled ? { scheduled } : null;
  }

  private async postOrSchedule(
    account: Account,
    input: PostStatusInput,
  ): Promise<PostStatusResult> {
    if (input.scheduledAt) return { scheduled: await this.schedule(account, input) };
    return { status: await this.publish(account, input) };
  }

  /** Creates the status now; returns it with author (and thread) loaded. */
  async publish(
    account: Account,
    input: PostStatusInput,
    options: PublishOptions = {},
  ): Promise<Status> {
    const run = (manager: EntityManager) => this.persist(manager, account, input, options);
    if (options.manager) return run(options.manager);
    const status = await inStatusTransaction(this.dataSource, run);
    await this.afterPublish(status);
    return status;
  }

  /** Side effects once the status is committed: fan-out, poll expiry, activity. */
  async afterPublish(status: Status): Promise<void> {
    await this.jobs.enqueue(JobName.DistributeStatus, { statusId: status.id });
    if (status.pollId) {
      const poll = await this.dataSource.getRepository(Poll).findOneBy({ id: status.pollId });
      if (poll?.expiresAt) {
        await this.jobs.enqueue(
          JobName.ExpirePoll,
          { pollId: poll.id },
          {
            delay: Math.max(0, poll.expiresAt.getTime() - Date.now()),
            jobId: `poll-expire-${poll.id}-${poll.expiresAt.getTime()}`,
          },
        );
      }
    }
    if (
      status.visibility === StatusVisibility.Public ||
      status.visibility === StatusVisibility.Unlisted
    ) {
      await this.activity.record('statuses');
      // Daily hashtag use (the Tag entity's history).
      const tags: Array<{ tag_id: string }> = await this.dataSource.query(
        `SELECT tag_id FROM statuses_tags WHERE status_id = $1`,
        [status.id],
      );
      for (const { tag_id } of tags) await this.tagHistory.record(String(tag_id), status.accountId);
    }
    if (status.inReplyToAccountId) {
      await this.interactions.record(status.accountId, status.inReplyToAccountId, 'reply');
    }
  }

  private async prepare(
    manager: EntityManager,
    account: Account,
    input: PostStatusInput,
    options: PublishOptions,
  ): Promise<Prepared> {
    const user = await manager.getRepository(User).findOneBy({ accountId: account.id });
    const settings = readUserSettings(user?.settings, account);
    let visibility = visibilityFromName(input.visibility ?? settings.defaultPrivacy);
    if (visibility === undefined || !POSTING_VISIBILITIES.has(visibility)) {
      throw new ValidationError('Validation failed: Visibility is not included in the list', {
        visibility: [{ error: 'ERR_INCLUSION', description: 'is not included in the list' }],
      });
    }
    if (visibility === StatusVisibility.Public && account.silencedAt !== null) {
      visibility = StatusVisibility.Unlisted;
    }
    const { text, spoilerText, mediaIds, poll } = normalizeStatusContent(
      input,
      this.config.instance.maxStatusChars,
    );
    const thread = await this.findThread(manager, account, input.inReplyToId, options);
    const media = await this.findMedia(manager, account, mediaIds, options.fromScheduledId);
    return {
      text,
      spoilerText,
      sensitive: (input.sensitive ?? settings.defaultSensitive) || spoilerText !== '',
      visibility,
      language: pickLanguage(
        input.language,
        settings.defaultLanguage,
        user?.locale,
        this.config.instance.languages[0],
      ),
      thread,
      media,
      poll,
    };
  }

  /** The status replied to (its original when a reblog), visible to the poster. */
  private async findThread(
    manager: EntityManager,
    account: Account,
    inReplyToId: string | null | undefined,
    options: PublishOptions,
  ): Promise<Status | null> {
    if (!inReplyToId) return null;
    try {
      if (!isValidId(inReplyToId)) throw new RecordNotFoundError(IN_REPLY_NOT_FOUND);
      const { status } = await this.visibility.findVisible(inReplyToId, account, manager);
      return status.reblog ?? status;
    } catch (error) {
      if (!(error instanceof RecordNotFoundError)) throw error;
      if (options.fromScheduledId) return null;
      throw new RecordNotFoundError(IN_REPLY_NOT_FOUND);
    }
  }

  /** The poster's unattached media, in the order given; unknown ids are a 422. */
  private findMedia(
    manager: EntityManager,
    account: Account,
    ids: string[],
    fromScheduledId?: string,
  ): Promise<MediaAttachment[]> {
    return findUsableMedia(
      manager,
      account.id,
      ids,
      (row) =>
        row.statusId === null &&
        (row.scheduledStatusId === null || row.scheduledStatusId === fromScheduledId),
    );
  }

  private async persist(
    manager: EntityManager,
    account: Account,
    input: PostStatusInput,
    options: PublishOptions,
  ): Promise<Status> {
    const prepared = await this.prepare(manager, account, input, options);
    const processed = await this.textProcessor.process(prepared.text, manager);
    const { thread } = prepared;
    const conversationId =
      thread?.conversationId ??
      (
        await manager.getRepository(Conversation).save({
          parentStatusId: thread?.id ?? null,
          parentAccountId: thread?.accountId ?? null,
        })
      ).id;
    const status = await manager.getRepository(Status).save({
      accountId: account.id,
      text: prepared.text,
      contentHtml: processed.html,
      spoilerText: prepared.spoilerText,
      sensitive: prepared.sensitive,
      visibility: prepared.visibility,
      language: prepared.language,
      reply: thread !== null,
      inReplyToId: thread?.id ?? null,
      inReplyToAccountId: thread ? replyTargetAccountId(thread, account.id) : null,
      conversationId,
      local: account.domain === null,
      applicationId: input.applicationId ?? null,
      orderedMediaAttachmentIds: prepared.media.length ? prepared.media.map((m) => m.id) : null,
    });
    await this.attachMedia(manager, status, prepared.media, options.fromScheduledId);
    if (processed.mentioned.length > 0) {
      await manager.query(
        `INSERT INTO mentions (status_id, account_id) SELECT $1, unnest($2::bigint[])
         ON CONFLICT DO NOTHING`,
        [status.id, processed.mentioned.map((mentioned) => mentioned.id)],
      );
    }
    if (processed.tags.length > 0) {
      await manager.query(
        `INSERT INTO statuses_tags (tag_id, status_id) SELECT unnest($1::bigint[]), $2
         ON CONFLICT DO NOTHING`,
        [processed.tags.map((tag) => tag.id), status.id],
      );
      await manager.query(`UPDATE tags SET last_status_at = now() WHERE id = ANY($1::bigint[])`, [
        processed.tags.map((tag) => tag.id),
      ]);
    }
    if (prepared.poll) {
      const poll = await manager.getRepository(Poll).save({
        accountId: account.id,
        statusId: status.id,
        options: prepared.poll.options.map((option) => option.trim()),
        cachedTallies: prepared.poll.options.map(() => 0),
        multiple: prepared.poll.multiple ?? false,
        hideTotals: prepared.poll.hideTotals ?? false,
        expiresAt: new Date(Date.now() + prepared.poll.expiresIn * 1000),
        votesCount: 0,
        votersCount: 0,
      });
      await manager.update(Status, { id: status.id }, { pollId: poll.id });
      status.pollId = poll.id;
    }
    if (thread && countsAsReply(prepared.visibility)) {
      await this.statusStats.increment(thread.id, 'replies_count', 1, manager);
    }
    if (countsInStatusesCount(prepared.visibility)) {
      await this.accountStats.increment(account.id, 'statuses_count', 1, manager);
      await this.accountStats.touchLastStatusAt(account.id, status.createdAt, manager);
    }
    const created = await this.statuses.findOneWithRelations(status.id, { manager });
    return created!;
  }

  private async attachMedia(
    manager: EntityManager,
    status: Status,
    media: MediaAttachment[],
    fromScheduledId?: string,
  ): Promise<void> {
    if (media.length === 0) return;
    const [, attached] = (await manager.query(
      `UPDATE media_attachments SET status_id = $1, scheduled_status_id = NULL, updated_at = now()
        WHERE id = ANY($2::bigint[]) AND account_id = $3 AND status_id IS NULL
          AND (scheduled_status_id IS NULL OR scheduled_status_id = $4)`,
      [status.id, media.map((row) => row.id), status.accountId, fromScheduledId ?? null],
    )) as [unknown, number];
    if (attached !== media.length) {
      throw new ValidationError('Media not found or already attached to another post');
    }
  }

  /** Keeps the post for later: validated now, published by the worker at `scheduledAt`. */
  private async schedule(account: Account, input: PostStatusInput): Promise<ScheduledStatus> {
    const scheduledAt = input.scheduledAt!;
    validateScheduledAt(scheduledAt);
    const scheduled = await inStatusTransaction(this.dataSource, async (manager) => {
      const prepared = await this.prepare(manager, account, input, {});
      // One scheduler at a time per account, so the limits hold under concurrency.
      await manager.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [account.id]);
      const [counts] = (await manager.query(
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE (scheduled_at AT TIME ZONE 'UTC')::date
                                     = ($2::timestamptz AT TIME ZONE 'UTC')::date)::int AS day
           FROM scheduled_statuses WHERE account_id = $1`,
        [account.id, scheduledAt],
      )) as Array<{ total: number; day: number }>;
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
        text: prepared.text,
        poll: prepared.poll
          ? {
              options: prepared.poll.options,
              expires_in: prepared.poll.expiresIn,
              multiple: prepared.poll.multiple ?? false,
              hide_totals: prepared.poll.hideTotals ?? false,
            }
          : null,
        media_ids: prepared.media.length ? prepared.media.map((row) => row.id) : null,
        sensitive: input.sensitive ?? null,
        spoiler_text: prepared.spoilerText || null,
        visibility: visibilityName(prepared.visibility),
        in_reply_to_id: prepared.thread?.id ?? null,
        language: prepared.language,
        application_id: input.applicationId ?? null,
        scheduled_at: null,
        idempotency: input.idempotencyKey ?? null,
        with_rate_limit: false,
      };
      const row = await manager
        .getRepository(ScheduledStatus)
        .save({ accountId: account.id, scheduledAt, params });
      if (prepared.media.length > 0) {
        const [, attached] = (await manager.query(
          `UPDATE media_attachments SET scheduled_status_id = $1, updated_at = now()
            WHERE id = ANY($2::bigint[]) AND account_id = $3
              AND status_id IS NULL AND scheduled_status_id IS NULL`,
          [row.id, prepared.media.map((media) => media.id), account.id],
        )) as [unknown, number];
        if (attached !== prepared.media.length) {
          throw new ValidationError('Media not found or already attached to another post');
        }
      }
      return row;
    });
    await this.enqueuePublication(scheduled);
    return scheduled;
  }

  /** Enqueues the publication job for a scheduled status's current time. */
  async enqueuePublication(scheduled: ScheduledStatus): Promise<void> {
    await this.jobs.enqueue(
      JobName.PublishScheduledStatus,
      { scheduledStatusId: scheduled.id },
      {
        delay: Math.max(0, scheduled.scheduledAt.getTime() - Date.now()),
        jobId: `scheduled-status-${scheduled.id}-${scheduled.scheduledAt.getTime()}`,
      },
    );
  }
}

/**
 * The account a reply is addressed to: the parent's author, except when continuing one's own
 * reply thread, where it stays the account the thread answers (Mastodon's rule).
 */
function replyTargetAccountId(thread: Status, accountId: string): string {
  if (thread.accountId === accountId && thread.reply && thread.inReplyToAccountId) {
    return thread.inReplyToAccountId;
  }
  return thread.accountId;
}
