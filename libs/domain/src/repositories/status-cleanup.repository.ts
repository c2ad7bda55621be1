import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Tables `statuses remove` cleans up and then analyses. */
export type CleanedTable = 'statuses' | 'conversations';

/** What `statuses remove` reads and deletes: unreferenced remote statuses and orphans. */
@Injectable()
export class StatusCleanupRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many remote statuses the server stores (deleted ones included). */
  async remoteStatusCount(): Promise<number> {
    const [row]: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM statuses WHERE NOT local`,
    );
    return row.count;
  }

  /**
   * Ids of remote statuses older than `beforeId` that nothing local refers to (Mastodon's
   * rule): nobody replied to them, they reblog no local status and no local or newer status
   * reblogs them, they are not pinned, and no local account is mentioned in, favourited or
   * bookmarked them; unless `includeFollowed`, their authors have no followers here. In id
   * order after `afterId`.
   */
  async unreferencedRemoteStatusIds(
    beforeId: string,
    includeFollowed: boolean,
    afterId: string,
    limit: number,
  ): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT s.id::text FROM statuses s
        WHERE NOT s.local AND s.uri IS NOT NULL AND s.deleted_at IS NULL
          AND s.id < $1 AND s.id > $2
          AND NOT EXISTS (SELECT 1 FROM statuses r WHERE r.in_reply_to_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM statuses o WHERE o.id = s.reblog_of_id
                           AND (o.uri IS NULL OR o.local))
          AND NOT EXISTS (SELECT 1 FROM statuses b WHERE b.reblog_of_id = s.id
                           AND (b.uri IS NULL OR b.local OR b.id >= $1))
          AND NOT EXISTS (SELECT 1 FROM status_pins p WHERE p.status_id = s.id)
          AND NOT EXISTS (SELECT 1 FROM mentions m JOIN accounts a ON a.id = m.account_id
                           WHERE m.status_id = s.id AND a.domain IS NULL)
          AND NOT EXISTS (SELECT 1 FROM favourites f JOIN accounts a ON a.id = f.account_id
                           WHERE f.status_id = s.id AND a.domain IS NULL)
          AND NOT EXISTS (SELECT 1 FROM bookmarks k JOIN accounts a ON a.id = k.account_id
                           WHERE k.status_id = s.id AND a.domain IS NULL)
          AND ($3 OR NOT EXISTS (SELECT 1 FROM follows w WHERE w.target_account_id = s.account_id))
        ORDER BY s.id LIMIT $4`,
      [beforeId, afterId, includeFollowed, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Deletes statuses outright (their rows and what cascades from them); returns how many. */
  async deleteStatuses(ids: string[]): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM statuses WHERE id = ANY($1::bigint[])`,
      [ids],
    )) as [unknown, number];
    return count;
  }

  /** Ids of conversations no status belongs to any more, in id order after `afterId`. */
  async orphanedConversationIds(afterId: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT c.id::text FROM conversations c
        WHERE c.id > $1 AND NOT EXISTS (SELECT 1 FROM statuses s WHERE s.conversation_id = c.id)
        ORDER BY c.id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Deletes conversations that are still without statuses; returns how many. */
  async deleteOrphanedConversations(ids: string[]): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM conversations c WHERE c.id = ANY($1::bigint[])
          AND NOT EXISTS (SELECT 1 FROM statuses s WHERE s.conversation_id = c.id)`,
      [ids],
    )) as [unknown, number];
    return count;
  }

  /**
   * Updates the planner's statistics of a table; `compact` rewrites it and its indexes to give
   * the freed space back to the system (locks the table meanwhile: run it offline).
   */
  async analyze(table: CleanedTable, compact: boolean): Promise<void> {
    if (compact) {
      await this.dataSource.query(`VACUUM FULL ANALYZE ${table}`);
      await this.dataSource.query(`REINDEX TABLE ${table}`);
    } else {
      await this.dataSource.query(`ANALYZE ${table}`);
    }
  }
}
