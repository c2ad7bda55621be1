import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A local user a status may go to, and whether they asked to be notified of its author's posts. */
export interface FanOutReceiver {
  id: string;
  notify: boolean;
}

/**
 * The reads of fan-out on write and its undoing: who may receive a status (in keyset batches,
 * by account id), whom it notifies, and whose feeds may hold a deleted one.
 */
@Injectable()
export class FanOutRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Local, unsuspended followers of an author with an id above `afterId`, by id. */
  async localFollowers(
    authorId: string,
    afterId: string,
    limit: number,
  ): Promise<FanOutReceiver[]> {
    return this.dataSource.query(
      `SELECT f.account_id::text AS id, f.notify FROM follows f
         JOIN accounts a ON a.id = f.account_id AND a.domain IS NULL AND a.suspended_at IS NULL
        WHERE f.target_account_id = $1 AND f.account_id > $2::bigint
          AND EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.id)
        ORDER BY f.account_id LIMIT $3`,
      [authorId, afterId, limit],
    );
  }

  /**
   * Local, unsuspended users who follow any of the status's hashtags but neither wrote it nor
   * follow its author, with an id above `afterId`, by id.
   */
  async localTagFollowers(
    status: { id: string; accountId: string },
    afterId: string,
    limit: number,
  ): Promise<FanOutReceiver[]> {
    return this.dataSource.query(
      `SELECT DISTINCT tf.account_id AS id, false AS notify FROM tag_follows tf
         JOIN statuses_tags st ON st.tag_id = tf.tag_id AND st.status_id = $1
         JOIN accounts a ON a.id = tf.account_id AND a.domain IS NULL AND a.suspended_at IS NULL
        WHERE tf.account_id > $3::bigint AND tf.account_id <> $2
          AND EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.id)
          AND NOT EXISTS (SELECT 1 FROM follows f
                           WHERE f.account_id = tf.account_id AND f.target_account_id = $2)
        ORDER BY tf.account_id LIMIT $4`,
      [status.id, status.accountId, afterId, limit],
    );
  }

  /** The names of a status's hashtags. */
  async tagNames(statusId: string): Promise<string[]> {
    const rows: Array<{ name: string }> = await this.dataSource.query(
      `SELECT t.name FROM statuses_tags st JOIN tags t ON t.id = st.tag_id WHERE st.status_id = $1`,
      [statusId],
    );
    return rows.map((row) => row.name);
  }

  /** Mentions of local accounts (not silent, not the author's own) with no notification yet. */
  async mentionsToNotify(status: {
    id: string;
    accountId: string;
  }): Promise<Array<{ id: string; accountId: string }>> {
    return this.dataSource.query(
      `SELECT m.id::text AS "id", m.account_id::text AS "accountId" FROM mentions m
         JOIN accounts a ON a.id = m.account_id AND a.domain IS NULL
        WHERE m.status_id = $1 AND m.silent = false AND m.account_id <> $2
          AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.mention_id = m.id)`,
      [status.id, status.accountId],
    );
  }

  /** Local accounts, but the author, that reblogged (live reblogs) or favourited a status. */
  async localInteractorIds(status: { id: string; accountId: string }): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT DISTINCT i.id::text FROM (
         SELECT account_id AS id FROM statuses WHERE reblog_of_id = $1 AND deleted_at IS NULL
         UNION SELECT account_id FROM favourites WHERE status_id = $1
       ) i JOIN accounts a ON a.id = i.id AND a.domain IS NULL
        WHERE i.id <> $2`,
      [status.id, status.accountId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Local accounts whose home feed may hold a deleted status: the author's followers, the
   * accounts it mentioned, and the author.
   */
  async homesHolding(statusId: string, authorId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT f.account_id::text AS id FROM follows f
         JOIN accounts a ON a.id = f.account_id AND a.domain IS NULL
        WHERE f.target_account_id = $1
       UNION
       SELECT m.account_id::text FROM mentions m
         JOIN accounts a ON a.id = m.account_id AND a.domain IS NULL
        WHERE m.status_id = $2
       UNION
       SELECT id::text FROM accounts WHERE id = $1 AND domain IS NULL`,
      [authorId, statusId],
    );
    return rows.map((row) => row.id);
  }
}
