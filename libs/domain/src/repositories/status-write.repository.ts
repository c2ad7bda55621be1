import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { Conversation } from '../entities/conversation.entity';
import { MediaAttachment } from '../entities/media-attachment.entity';
import { StatusEdit } from '../entities/status-edit.entity';
import { Status, StatusVisibility } from '../entities/status.entity';
import { Transaction } from '../transactions';

/** What a soft deletion touched, for counters and feeds. */
export interface RemovedStatusRow {
  id: string;
  accountId: string;
  visibility: StatusVisibility;
  reblogOfId: string | null;
  inReplyToId: string | null;
}

const REMOVED_COLUMNS = `id::text AS "id", account_id::text AS "accountId", visibility,
  reblog_of_id::text AS "reblogOfId", in_reply_to_id::text AS "inReplyToId"`;

/**
 * The writes of posting, editing, reblogging and deleting a status, and of what a status
 * carries (mentions, tags, media, poll, versions), shared by every use case that writes them
 * so that posting and editing cannot drift apart. Every method runs in the caller's
 * transaction.
 */
@Injectable()
export class StatusWriteRepository {
  /** A new thread; its id. */
  async insertConversation(
    parent: { statusId: string; accountId: string } | null,
    tx: Transaction,
  ): Promise<string> {
    const conversation = await tx.getRepository(Conversation).save({
      parentStatusId: parent?.statusId ?? null,
      parentAccountId: parent?.accountId ?? null,
    });
    return conversation.id;
  }

  insertStatus(fields: Partial<Status>, tx: Transaction): Promise<Status> {
    return tx.getRepository(Status).save(fields);
  }

  /** Records the Idempotency-Key a status was posted with (a key older than its window is reused). */
  async rememberIdempotencyKey(
    accountId: string,
    key: string,
    statusId: string,
    tx: Transaction,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO status_idempotency_keys (account_id, key, status_id) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, key) DO UPDATE SET status_id = $3, created_at = now()`,
      [accountId, key, statusId],
    );
  }

  /**
   * Share-locks a live status until the transaction ends, so that deleting it waits for what
   * this transaction adds to it (a reblog) and then sees it; false when the status is deleted
   * or gone (a deletion that committed first is seen here too).
   */
  async lockLive(statusId: string, tx: Transaction): Promise<boolean> {
    const rows = (await tx.query(
      `SELECT 1 FROM statuses WHERE id = $1 AND deleted_at IS NULL FOR SHARE`,
      [statusId],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * The account's reblog of a status, unless it has one already (then null). Reblogs carry no
   * text; they join the reblogged status's thread.
   */
  async insertReblog(
    account: { id: string; local: boolean },
    reblogged: { id: string; conversationId: string | null },
    visibility: StatusVisibility,
    tx: Transaction,
  ): Promise<{ id: string; createdAt: Date } | null> {
    const [row] = (await tx.query(
      `INSERT INTO statuses (account_id, reblog_of_id, visibility, local, text, conversation_id)
       VALUES ($1, $2, $3, $4, '', $5)
       ON CONFLICT (reblog_of_id, account_id) WHERE reblog_of_id IS NOT NULL AND deleted_at IS NULL
       DO NOTHING
       RETURNING id::text AS id, created_at`,
      [account.id, reblogged.id, visibility, account.local, reblogged.conversationId],
    )) as Array<{ id: string; created_at: Date }>;
    return row ? { id: row.id, createdAt: row.created_at } : null;
  }

  /** A status locked until the transaction ends (one edit at a time). */
  lockForEdit(statusId: string, tx: Transaction): Promise<Status | null> {
    return tx
      .getRepository(Status)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .where('s.id = :statusId', { statusId })
      .getOne();
  }

  async update(statusId: string, fields: Partial<Status>, tx: Transaction): Promise<void> {
    await tx.update(Status, { id: statusId }, fields);
  }

  /** The status row as stored now (inside the transaction that changed it). */
  async reload(statusId: string, tx: Transaction): Promise<Status> {
    return tx.getRepository(Status).findOneByOrFail({ id: statusId });
  }

  /**
   * The status mentions exactly `accountIds`: new mentions are added, and mentions no longer
   * in the text become silent (whoever was notified keeps access).
   */
  async setMentions(statusId: string, accountIds: string[], tx: Transaction): Promise<void> {
    // One statement: the silenced and the (re)added mentions are different rows.
    await tx.query(
      `WITH silenced AS (
         UPDATE mentions SET silent = true, updated_at = now()
          WHERE status_id = $1 AND silent = false AND NOT (account_id = ANY($2::bigint[])))
       INSERT INTO mentions (status_id, account_id) SELECT $1, unnest($2::bigint[])
       ON CONFLICT (account_id, status_id) DO UPDATE SET silent = false, updated_at = now()`,
      [statusId, accountIds],
    );
  }

  /** The status carries exactly these tags, each now marked as last used. */
  async setTags(statusId: string, tagIds: string[], tx: Transaction): Promise<void> {
    // One statement: the removed and the added rows differ, and tags is another table.
    await tx.query(
      `WITH removed AS (
         DELETE FROM statuses_tags WHERE status_id = $2 AND NOT (tag_id = ANY($1::bigint[]))
       ), used AS (
         UPDATE tags SET last_status_at = now() WHERE id = ANY($1::bigint[])
       )
       INSERT INTO statuses_tags (tag_id, status_id) SELECT unnest($1::bigint[]), $2
       ON CONFLICT DO NOTHING`,
      [tagIds, statusId],
    );
  }

  /** Media attachments by id (any owner, any attachment). */
  findMedia(ids: string[], tx: Transaction): Promise<MediaAttachment[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return tx.getRepository(MediaAttachment).findBy({ id: In(ids) });
  }

  /**
   * The status carries exactly the media `mediaIds`: others it had are detached (usable
   * again), and the author's media that are unattached, already on it, or kept for the
   * scheduled status `fromScheduledId` are attached. Returns how many of `mediaIds` are now
   * attached (fewer: some were taken meanwhile).
   */
  async setMedia(
    status: { id: string; accountId: string },
    mediaIds: string[],
    fromScheduledId: string | null,
    tx: Transaction,
  ): Promise<number> {
    // One statement: the detached and the attached media are different rows.
    const [, attached] = (await tx.query(
      `WITH detached AS (
         UPDATE media_attachments SET status_id = NULL, updated_at = now()
          WHERE status_id = $1 AND NOT (id = ANY($2::bigint[])))
       UPDATE media_attachments SET status_id = $1, scheduled_status_id = NULL, updated_at = now()
        WHERE id = ANY($2::bigint[]) AND account_id = $3
          AND (status_id IS NULL OR status_id = $1)
          AND (scheduled_status_id IS NULL OR scheduled_status_id = $4)`,
      [status.id, mediaIds, status.accountId, fromScheduledId],
    )) as [unknown, number];
    return attached;
  }

  /** Whether the status has versions already (it was edited before). */
  hasEdits(statusId: string, tx: Transaction): Promise<boolean> {
    return tx.getRepository(StatusEdit).existsBy({ statusId });
  }

  async insertEdit(edit: Partial<StatusEdit>, tx: Transaction): Promise<void> {
    await tx.getRepository(StatusEdit).save(edit);
  }

  /**
   * Marks one of the account's live statuses deleted, with its live reblogs, and takes it off
   * profiles. Returns what was deleted (the status first, then the reblogs); empty when the
   * status was not live.
   */
  async markDeleted(
    statusId: string,
    accountId: string,
    tx: Transaction,
  ): Promise<RemovedStatusRow[]> {
    const [targets] = (await tx.query(
      `UPDATE statuses SET deleted_at = now(), updated_at = now()
        WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL
        RETURNING ${REMOVED_COLUMNS}`,
      [statusId, accountId],
    )) as [RemovedStatusRow[], number];
    if (targets.length === 0) return [];
    const [reblogs] = (await tx.query(
      `UPDATE statuses SET deleted_at = now(), updated_at = now()
        WHERE reblog_of_id = $1 AND deleted_at IS NULL
        RETURNING ${REMOVED_COLUMNS}`,
      [statusId],
    )) as [RemovedStatusRow[], number];
    await tx.query(`DELETE FROM status_pins WHERE status_id = $1`, [statusId]);
    return [...targets, ...reblogs];
  }

  /** Detaches a deleted status's media, so that a redraft may use them. */
  async detachMedia(statusId: string, tx: Transaction): Promise<void> {
    await tx.query(
      `UPDATE media_attachments SET status_id = NULL, updated_at = now() WHERE status_id = $1`,
      [statusId],
    );
  }
}
