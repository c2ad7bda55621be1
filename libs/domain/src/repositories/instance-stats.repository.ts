import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface InstanceCounts {
  userCount: number;
  statusCount: number;
  domainCount: number;
  activeMonth: number;
  /** Users who signed in during the last 180 days (NodeInfo's activeHalfyear). */
  activeHalfyear: number;
}

/** Aggregate queries behind instance information. */
@Injectable()
export class InstanceStatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async counts(): Promise<InstanceCounts> {
    const [row] = await this.dataSource.query(`
      SELECT
        (SELECT count(*) FROM users u JOIN accounts a ON a.id = u.account_id
           WHERE a.suspended_at IS NULL AND u.confirmed_at IS NOT NULL)::int AS user_count,
        (SELECT coalesce(sum(s.statuses_count), 0) FROM account_stats s JOIN accounts a ON a.id = s.account_id
           WHERE a.domain IS NULL)::int AS status_count,
        (SELECT count(DISTINCT domain) FROM accounts WHERE domain IS NOT NULL)::int AS domain_count,
        (SELECT count(*) FROM users WHERE current_sign_in_at > now() - interval '30 days')::int AS active_month,
        (SELECT count(*) FROM users WHERE current_sign_in_at > now() - interval '180 days')::int AS active_halfyear
    `);
    return {
      userCount: row.user_count,
      statusCount: row.status_count,
      domainCount: row.domain_count,
      activeMonth: row.active_month,
      activeHalfyear: row.active_halfyear,
    };
  }

  /** Domains this server knows accounts on. */
  async peers(): Promise<string[]> {
    const rows: Array<{ domain: string }> = await this.dataSource.query(
      `SELECT DISTINCT lower(domain) AS domain FROM accounts WHERE domain IS NOT NULL ORDER BY 1`,
    );
    return rows.map((row) => row.domain);
  }

  /** Up to `limit` known domains starting with the (normalised) prefix, alphabetically. */
  async peersStartingWith(prefix: string, limit: number): Promise<string[]> {
    const pattern = prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
    const rows: Array<{ domain: string }> = await this.dataSource.query(
      `SELECT DISTINCT lower(domain) AS domain FROM accounts
        WHERE domain IS NOT NULL AND lower(domain) LIKE $1
        ORDER BY 1 LIMIT $2`,
      [pattern, limit],
    );
    return rows.map((row) => row.domain);
  }
}
