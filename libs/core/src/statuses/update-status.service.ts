import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  isValidId,
  MediaAttachment,
  Poll,
  RecordNotFoundError,
  Status,
  StatusEdit,
  StatusRepository,
} from '@nestodon/domain';
import { canEditStatus } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource, EntityManager, In } from 'typeorm';
import { normalizeStatusContent, pickLanguage, PollInput } from './status-rules';
import { findUsableMedia } from './status-media';
import { StatusTextProcessor } from './status-text.processor';
import { inStatusTransaction } from './status-transaction';

/** PUT /api/v1/statuses/:id: the new version replaces text, CW, sensitivity, media and poll. */
export interface UpdateStatusInput {
  text?: string | null;
  spoilerText?: string | null;
  sensitive?: boolean | null;
  language?: string | null;
  mediaIds?: string[] | null;
  /** New descriptions of attached media. */
  mediaAttributes?: Array<{ id: string; description?: string | null }> | null;
  poll?: PollInput | null;
}

/**
 * Edits one's own status, keeping every version (the original becomes the first edit). Mentions
 * taken out of the text stay as silent mentions, since whoever was notified keeps access. A
 * changed poll (options or multiple) loses its votes. Submitting no change changes nothing.
 */
@Injectable()
export class UpdateStatusService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly statuses: StatusRepository,
    private readonly textProcessor: StatusTextProcessor,
    private readonly jobs: JobQueue,
  ) {}

  async call(account: Account, statusId: string, input: UpdateStatusInput): Promise<Status> {
    if (!isValidId(statusId)) throw new RecordNotFoundError();
    const result = await inStatusTransaction(this.dataSource, (manager) =>
      this.update(manager, account, statusId, input),
    );
    if (result.changed) {
      await this.jobs.enqueue(JobName.DistributeStatus, { statusId, update: true });
    }
    if (result.pollExpiresAt && result.pollId) {
      await this.jobs.enqueue(
        JobName.ExpirePoll,
        { pollId: result.pollId },
        {
          delay: Math.max(0, result.pollExpiresAt.getTime() - Date.now()),
          jobId: `poll-expire-${result.pollId}-${result.pollExpiresAt.getTime()}`,
        },
      );
    }
    return (await this.statuses.findOneWithRelations(statusId))!;
  }

  private async update(
    manager: EntityManager,
    account: Account,
    statusId: string,
    input: UpdateStatusInput,
  ): Promise<{ changed: boolean; pollId: string | null; pollExpiresAt: Date | null }> {
    const status = await manager
      .getRepository(Status)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.id = :statusId', { statusId })
      .getOne();
    if (!status || !canEditStatus(status, account.id)) throw new RecordNotFoundError();

    const { text, spoilerText, mediaIds, poll } = normalizeStatusContent(
      input,
      this.config.instance.maxStatusChars,
    );
    const media = await this.findMedia(manager, account, status, mediaIds);
    const sensitive = (input.sensitive ?? false) || spoilerText !== '';
    const language = pickLanguage(input.language, status.language);
    const descriptions = new Map(
      (input.mediaAttributes ?? []).map((attr) => [String(attr.id), attr.description]),
    );
    const currentPoll = status.pollId
      ? await manager.getRepository(Poll).findOneBy({ id: status.pollId })
      : null;

    const mediaChanged =
      JSON.stringify(media.map((row) => row.id)) !==
      JSON.stringify(status.orderedMediaAttachmentIds ?? []);
    const descriptionsChanged = media.some(
      (row) => descriptions.has(row.id) && (descriptions.get(row.id) ?? null) !== row.description,
    );
    // Any poll in the request restarts it (a new expires_in); none removes the current one.
    const pollChanged = poll !== null || currentPoll !== null;
    const changed =
      text !== status.text ||
      spoilerText !== status.spoilerText ||
      sensitive !== status.sensitive ||
      language !== status.language ||
      mediaChanged ||
      descriptionsChanged ||
      pollChanged;
    if (!changed) return { changed: false, pollId: null, pollExpiresAt: null };

    // The first edit keeps the original as version one.
    const edits = manager.getRepository(StatusEdit);
    if (!(await edits.existsBy({ statusId: status.id }))) {
      await edits.save(
        await this.snapshot(manager, status, currentPoll?.options ?? null, status.createdAt),
      );
    }

    const processed = await this.textProcessor.process(text, manager);
    await this.updateMentions(
      manager,
      status.id,
      processed.mentioned.map((a) => a.id),
    );
    await manager.query(`DELETE FROM statuses_tags WHERE status_id = $1`, [status.id]);
    if (processed.tags.length > 0) {
      await manager.query(
        `INSERT INTO statuses_tags (tag_id, status_id) SELECT unnest($1::bigint[]), $2
         ON CONFLICT DO NOTHING`,
        [processed.tags.map((tag) => tag.id), status.id],
      );
    }
    await this.updateMedia(manager, status, media, descriptions);

    let pollId = status.pollId;
    let pollExpiresAt: Date | null = null;
    if (poll) {
      const options = poll.options.map((option) => option.trim());
      pollExpiresAt = new Date(Date.now() + poll.expiresIn * 1000);
      const resetVotes =
        !currentPoll ||
        JSON.stringify(options) !== JSON.stringify(currentPoll.options) ||
        (poll.multiple ?? false) !== currentPoll.multiple;
      if (currentPoll) {
        if (resetVotes) {
          await manager.query(`DELETE FROM poll_votes WHERE poll_id = $1`, [currentPoll.id]);
        }
        await manager.update(
          Poll,
          { id: currentPoll.id },
          {
            options,
            multiple: poll.multiple ?? false,
            hideTotals: poll.hideTotals ?? false,
            expiresAt: pollExpiresAt,
            closedAt: null,
            ...(resetVotes
              ? { cachedTallies: options.map(() => 0), votesCount: 0, votersCount: 0 }
              : {}),
          },
        );
      } else {
        pollId = (
          await manager.getRepository(Poll).save({
            accountId: account.id,
            statusId: status.id,
            options,
            cachedTallies: options.map(() => 0),
            multiple: poll.multiple ?? false,
            hideTotals: poll.hideTotals ?? false,
            expiresAt: pollExpiresAt,
            votesCount: 0,
            votersCount: 0,
          })
        ).id;
      }
    } else if (currentPoll) {
      await manager.query(`UPDATE statuses SET poll_id = NULL WHERE id = $1`, [status.id]);
      await manager.delete(Poll, { id: currentPoll.id });
      pollId = null;
    }

    const editedAt = new Date();
    await manager.update(
      Status,
      { id: status.id },
      {
        text,
        contentHtml: processed.html,
        spoilerText,
        sensitive,
        language,
        pollId,
        orderedMediaAttachmentIds: media.length ? media.map((row) => row.id) : null,
        editedAt,
      },
    );
    const updated = (await manager.getRepository(Status).findOneBy({ id: status.id }))!;
    await edits.save({
      ...(await this.snapshot(
        manager,
        updated,
        poll ? poll.options.map((o) => o.trim()) : null,
        editedAt,
      )),
      accountId: account.id,
    });
    return { changed: true, pollId, pollExpiresAt };
  }

  /** Media allowed in the new version: already on this status, or the author's unattached ones. */
  private findMedia(
    manager: EntityManager,
    account: Account,
    status: Status,
    ids: string[],
  ): Promise<MediaAttachment[]> {
    return findUsableMedia(
      manager,
      account.id,
      ids,
      (row) =>
        row.statusId === status.id || (row.statusId === null && row.scheduledStatusId === null),
    );
  }

  private async updateMedia(
    manager: EntityManager,
    status: Status,
    media: MediaAttachment[],
    descriptions: Map<string, string | null | undefined>,
  ): Promise<void> {
    const ids = media.map((row) => row.id);
    await manager.query(
      `UPDATE media_attachments SET status_id = NULL, updated_at = now()
        WHERE status_id = $1 AND NOT (id = ANY($2::bigint[]))`,
      [status.id, ids],
    );
    if (ids.length > 0) {
      await manager.query(
        `UPDATE media_attachments SET status_id = $1, updated_at = now()
          WHERE id = ANY($2::bigint[]) AND (status_id IS NULL OR status_id = $1)`,
        [status.id, ids],
      );
    }
    for (const row of media) {
      if (!descriptions.has(row.id)) continue;
      const description = descriptions.get(row.id) ?? null;
      await manager.update(MediaAttachment, { id: row.id }, { description });
      row.description = description;
    }
  }

  /** Adds new mentions; ones no longer in the text become silent (they keep access). */
  private async updateMentions(
    manager: EntityManager,
    statusId: string,
    accountIds: string[],
  ): Promise<void> {
    await manager.query(
      `UPDATE mentions SET silent = true, updated_at = now()
        WHERE status_id = $1 AND NOT (account_id = ANY($2::bigint[]))`,
      [statusId, accountIds],
    );
    if (accountIds.length > 0) {
      await manager.query(
        `INSERT INTO mentions (status_id, account_id) SELECT $1, unnest($2::bigint[])
         ON CONFLICT (account_id, status_id) DO UPDATE SET silent = false, updated_at = now()`,
        [statusId, accountIds],
      );
    }
  }

  private async snapshot(
    manager: EntityManager,
    status: Status,
    pollOptions: string[] | null,
    at: Date,
  ): Promise<Partial<StatusEdit>> {
    const mediaIds = status.orderedMediaAttachmentIds ?? [];
    const media = mediaIds.length
      ? await manager.getRepository(MediaAttachment).findBy({ id: In(mediaIds) })
      : [];
    const byId = new Map(media.map((row) => [row.id, row]));
    return {
      statusId: status.id,
      accountId: null,
      text: status.text,
      contentHtml: status.contentHtml,
      spoilerText: status.spoilerText,
      sensitive: status.sensitive,
      language: status.language,
      orderedMediaAttachmentIds: mediaIds.length ? mediaIds : null,
      mediaDescriptions: mediaIds.length
        ? mediaIds.map((id) => byId.get(id)?.description ?? null)
        : null,
      pollOptions,
      createdAt: at,
      updatedAt: at,
    };
  }
}
