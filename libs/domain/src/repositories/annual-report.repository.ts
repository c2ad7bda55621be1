import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { StatusVisibility } from '../entities/status.entity';
import {
  AnnualReportData,
  GeneratedAnnualReport,
} from '../entities/generated-annual-report.entity';
import { snowflakeAt } from '../ids/snowflake';

/** How many statuses of each kind an account posted in a year (the archetype reads them). */
export interface YearStatusCounts {
  total: number;
  /** Neither replies to others nor reblogs. */
  standalone: number;
  /** Replies to other accounts. */
  replies: number;
  reblogs: number;
  polls: number;
}

/** The range of status ids (snowflakes) created in a UTC year. */
function yearIds(year: number): [string, string] {
  const from = snowflakeAt(Date.UTC(year, 0, 1));
  const to = (BigInt(snowflakeAt(Date.UTC(year + 1, 0, 1))) - 1n).toString();
  return [from, to];
}

/** Generated annual reports, and the reads of a year's activity that make them. */
@Injectable()
export class AnnualReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(accountId: string, year: number): Promise<GeneratedAnnualReport | null> {
    return this.dataSource.getRepository(GeneratedAnnualReport).findOneBy({ accountId, year });
  }

  /** The account's reports not marked read yet, oldest year first. */
  unread(accountId: string): Promise<GeneratedAnnualReport[]> {
    return this.dataSource
      .getRepository(GeneratedAnnualReport)
      .find({ where: { accountId, viewedAt: IsNull() }, order: { year: 'ASC' } });
  }

  /** Stores a report unless one exists for that year (generation is idempotent). */
  async insert(
    accountId: string,
    year: number,
    schemaVersion: number,
    data: AnnualReportData,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO generated_annual_reports (account_id, year, schema_version, data)
       VALUES ($1, $2, $3, $4) ON CONFLICT (account_id, year) DO NOTHING`,
      [accountId, year, schemaVersion, JSON.stringify(data)],
    );
  }

  /** Marks the report read; false when there is none. */
  async markViewed(accountId: string, year: number): Promise<boolean> {
    const [, updated] = (await this.dataSource.query(
      `UPDATE generated_annual_reports SET viewed_at = COALESCE(viewed_at, now()), updated_at = now()
        WHERE account_id = $1 AND year = $2`,
      [accountId, year],
    )) as [unknown, number];
    return updated > 0;
  }

  /** The account's live statuses of the year, counted by kind. */
  async statusCounts(accountId: string, year: number): Promise<YearStatusCounts> {
    const [from, to] = yearIds(year);
    const [row]: Array<Record<keyof YearStatusCounts, number>> = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE reblog_of_id IS NULL
                AND (reply = false OR in_reply_to_account_id = account_id))::int AS standalone,
              count(*) FILTER (WHERE in_reply_to_id IS NOT NULL
                AND in_reply_to_account_id IS DISTINCT FROM account_id)::int AS replies,
              count(*) FILTER (WHERE reblog_of_id IS NOT NULL)::int AS reblogs,
              count(*) FILTER (WHERE poll_id IS NOT NULL)::int AS polls
         FROM statuses
        WHERE account_id = $1 AND id BETWEEN $2 AND $3 AND deleted_at IS NULL`,
      [accountId, from, to],
    );
    return row;
  }

  /** Statuses posted, and follows made and received, in each month of the year (UTC). */
  async monthlyActivity(
    accountId: string,
    year: number,
  ): Promise<Array<{ month: number; statuses: number; followers: number; following: number }>> {
    const [from, to] = yearIds(year);
    const rows: Array<{ kind: string; month: number; count: number }> = await this.dataSource.query(
      `SELECT 'statuses' AS kind, date_part('month', created_at AT TIME ZONE 'UTC')::int AS month,
                count(*)::int AS count
           FROM statuses WHERE account_id = $1 AND id BETWEEN $2 AND $3 AND deleted_at IS NULL
          GROUP BY 2
         UNION ALL
         SELECT 'followers', date_part('month', created_at AT TIME ZONE 'UTC')::int, count(*)::int
           FROM follows WHERE target_account_id = $1
            AND date_part('year', created_at AT TIME ZONE 'UTC') = $4
          GROUP BY 2
         UNION ALL
         SELECT 'following', date_part('month', created_at AT TIME ZONE 'UTC')::int, count(*)::int
           FROM follows WHERE account_id = $1
            AND date_part('year', created_at AT TIME ZONE 'UTC') = $4
          GROUP BY 2`,
      [accountId, from, to, year],
    );
    const months = Array.from({ length: 12 }, (_, index) => ({
      month: index + 1,
      statuses: 0,
      followers: 0,
      following: 0,
    }));
    for (const row of rows) {
      months[row.month - 1][row.kind as 'statuses' | 'followers' | 'following'] = row.count;
    }
    return months;
  }

  /** The hashtags the account used more than once that year, most used first (at most `limit`). */
  async topHashtags(
    accountId: string,
    year: number,
    limit: number,
  ): Promise<Array<{ name: string; count: number }>> {
    const [from, to] = yearIds(year);
    return this.dataSource.query(
      `SELECT COALESCE(t.display_name, t.name) AS name, count(*)::int AS count
         FROM statuses_tags st
         JOIN statuses s ON s.id = st.status_id
         JOIN tags t ON t.id = st.tag_id
        WHERE s.account_id = $1 AND s.id BETWEEN $2 AND $3 AND s.deleted_at IS NULL
        GROUP BY t.id HAVING count(*) > 1
        ORDER BY count DESC, name LIMIT $4`,
      [accountId, from, to, limit],
    );
  }

  /**
   * The account's public status of the year with the most reblogs, then (another) with the most
   * favourites, then (another) with the most replies; null when none is left.
   */
  async topStatuses(accountId: string, year: number): Promise<AnnualReportData['top_statuses']> {
    const [from, to] = yearIds(year);
    const top = async (
      counter: 'reblogs_count' | 'favourites_count' | 'replies_count',
      excluded: Array<string | null>,
    ): Promise<string | null> => {
      const [row]: Array<{ id: string }> = await this.dataSource.query(
        `SELECT s.id::text AS id FROM statuses s JOIN status_stats st ON st.status_id = s.id
          WHERE s.account_id = $1 AND s.id BETWEEN $2 AND $3 AND s.deleted_at IS NULL
            AND s.visibility = $4 AND s.reblog_of_id IS NULL
            AND NOT (s.id = ANY($5::bigint[]))
          ORDER BY st.${counter} DESC, s.id DESC LIMIT 1`,
        [accountId, from, to, StatusVisibility.Public, excluded.filter(Boolean)],
      );
      return row?.id ?? null;
    };
    const byReblogs = await top('reblogs_count', []);
    const byFavourites = await top('favourites_count', [byReblogs]);
    const byReplies = await top('replies_count', [byReblogs, byFavourites]);
    return { by_reblogs: byReblogs, by_favourites: byFavourites, by_replies: byReplies };
  }
}
