import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdPage, idPageSql } from './id-paging';

/** Home feeds belong to an account, list feeds to a list. */
export type StoredFeedType = 'home' | 'list';

const FEED_TYPE_CODE: Record<StoredFeedType, number> = { home: 0, list: 1 };

/** One entry to add: the feed, the status, and the status it reblogs. */
export interface FeedAddition {
  feedId: string;
  statusId: string;
  reblogOfId: string | null;
}

/** A status in a feed. */
export interface FeedPlacement {
  feedId: string;
  statusId: string;
}

/**
 * Home and list feeds kept in PostgreSQL (USE_REDIS=never): the UNLOGGED `feed_entries` table
 * and the `home_feed_marks` of built and regenerating home feeds. Insertion rules live in the
 * `feed_add` function (one statement for a whole fan-out batch).
 */
@Injectable()
export class FeedEntryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds entries in the order given; returns those that went in. */
  async add(
    type: StoredFeedType,
    additions: FeedAddition[],
    maxItems: number,
    falloff: number,
  ): Promise<FeedPlacement[]> {
    if (additions.length === 0) return [];
    const rows: Array<{ feed_id: string; status_id: string }> = await this.dataSource.query(
      `SELECT feed_id::text, status_id::text
         FROM feed_add($1::smallint, $2::bigint[], $3::bigint[], $4::bigint[], $5, $6)`,
      [
        FEED_TYPE_CODE[type],
        additions.map((addition) => addition.feedId),
        additions.map((addition) => addition.statusId),
        additions.map((addition) => addition.reblogOfId),
        maxItems,
        falloff,
      ],
    );
    return rows.map((row) => ({ feedId: row.feed_id, statusId: row.status_id }));
  }

  /** Removes each status from its feed; returns those that were there. */
  async remove(type: StoredFeedType, placements: FeedPlacement[]): Promise<FeedPlacement[]> {
    if (placements.length === 0) return [];
    const [rows] = (await this.dataSource.query(
      `DELETE FROM feed_entries e
        USING unnest($2::bigint[], $3::bigint[]) AS p (feed_id, status_id)
        WHERE e.feed_type = $1 AND e.feed_id = p.feed_id AND e.status_id = p.status_id
       RETURNING e.feed_id::text, e.status_id::text`,
      [
        FEED_TYPE_CODE[type],
        placements.map((placement) => placement.feedId),
        placements.map((placement) => placement.statusId),
      ],
    )) as [Array<{ feed_id: string; status_id: string }>, number];
    return rows.map((row) => ({ feedId: row.feed_id, statusId: row.status_id }));
  }

  /** A page of a feed's status ids, newest first. */
  async page(type: StoredFeedType, feedId: string, page: IdPage): Promise<string[]> {
    const { sql, params, reverse } = this.pageSql(type, feedId, page);
    const rows: Array<{ id: string }> = await this.dataSource.query(sql, params);
    const ids = rows.map((row) => row.id);
    return reverse ? ids.reverse() : ids;
  }

  /** A page of a home feed and whether the feed was built, in one query. */
  async homePage(accountId: string, page: IdPage): Promise<{ ids: string[]; built: boolean }> {
    const { sql, params, reverse } = this.pageSql('home', accountId, page);
    const [row]: Array<{ ids: string[]; built: boolean }> = await this.dataSource.query(
      `SELECT ARRAY(${sql}) AS ids,
              coalesce((SELECT built FROM home_feed_marks WHERE account_id = $2), false) AS built`,
      params,
    );
    return { ids: reverse ? row.ids.reverse() : row.ids, built: row.built };
  }

  private pageSql(type: StoredFeedType, feedId: string, page: IdPage) {
    const params: unknown[] = [FEED_TYPE_CODE[type], feedId];
    const conditions = ['feed_type = $1', 'feed_id = $2'];
    const { tail, reverse } = idPageSql('status_id', page, conditions, params);
    const sql = `SELECT status_id::text AS id FROM feed_entries WHERE ${conditions.join(' AND ')} ${tail}`;
    return { sql, params, reverse };
  }

  /** Every status id of a feed, newest first. */
  async allIds(type: StoredFeedType, feedId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT status_id::text AS id FROM feed_entries
        WHERE feed_type = $1 AND feed_id = $2 ORDER BY status_id DESC`,
      [FEED_TYPE_CODE[type], feedId],
    );
    return rows.map((row) => row.id);
  }

  async oldestId(type: StoredFeedType, feedId: string): Promise<string | null> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT status_id::text AS id FROM feed_entries
        WHERE feed_type = $1 AND feed_id = $2 ORDER BY status_id LIMIT 1`,
      [FEED_TYPE_CODE[type], feedId],
    );
    return rows[0]?.id ?? null;
  }

  async size(type: StoredFeedType, feedId: string): Promise<number> {
    const [row]: Array<{ size: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS size FROM feed_entries WHERE feed_type = $1 AND feed_id = $2`,
      [FEED_TYPE_CODE[type], feedId],
    );
    return row.size;
  }

  /** Empties a feed; a home feed also loses its "built" mark. */
  async clear(type: StoredFeedType, feedId: string): Promise<void> {
    await this.dataSource.query(
      `WITH marks AS (UPDATE home_feed_marks SET built = false
                       WHERE $1::smallint = 0 AND account_id = $2 AND built)
       DELETE FROM feed_entries WHERE feed_type = $1::smallint AND feed_id = $2`,
      [FEED_TYPE_CODE[type], feedId],
    );
  }

  /** Empties every feed and drops every "built" mark; returns how many feeds were emptied. */
  async clearAll(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const [row]: Array<{ feeds: number }> = await manager.query(
        `SELECT count(*)::int AS feeds FROM (SELECT DISTINCT feed_type, feed_id FROM feed_entries) f`,
      );
      await manager.query(`TRUNCATE feed_entries`);
      await manager.query(`UPDATE home_feed_marks SET built = false WHERE built`);
      return row.feeds;
    });
  }

  async isBuilt(accountId: string): Promise<boolean> {
    const rows: Array<{ built: boolean }> = await this.dataSource.query(
      `SELECT built FROM home_feed_marks WHERE account_id = $1`,
      [accountId],
    );
    return rows[0]?.built ?? false;
  }

  async markBuilt(accountId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO home_feed_marks (account_id, built) VALUES ($1, true)
       ON CONFLICT (account_id) DO UPDATE SET built = true`,
      [accountId],
    );
  }

  async isRegenerating(accountId: string): Promise<boolean> {
    const rows: Array<{ regenerating: boolean }> = await this.dataSource.query(
      `SELECT regenerating_until > now() AS regenerating FROM home_feed_marks
        WHERE account_id = $1`,
      [accountId],
    );
    return rows[0]?.regenerating ?? false;
  }

  /** Claims a home feed's regeneration for `seconds`; false while another claim holds. */
  async beginRegeneration(accountId: string, seconds: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO home_feed_marks AS m (account_id, regenerating_until)
       VALUES ($1, now() + make_interval(secs => $2))
       ON CONFLICT (account_id) DO UPDATE SET regenerating_until = EXCLUDED.regenerating_until
        WHERE m.regenerating_until IS NULL OR m.regenerating_until <= now()
       RETURNING 1`,
      [accountId, seconds],
    );
    return rows.length === 1;
  }

  async endRegeneration(accountId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE home_feed_marks SET regenerating_until = NULL WHERE account_id = $1`,
      [accountId],
    );
  }
}
