import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Whole UTC days, both ends included, as `YYYY-MM-DD`. */
export interface DayRange {
  start: string;
  end: string;
}

/** What a measure is about: a tag (tag_*) or a server (instance_*). */
export interface MeasureTarget {
  tagId?: string;
  domain?: string;
  includeSubdomains?: boolean;
}

export interface DailySeries {
  total: number;
  /** Over the period before, for measures counted within the period; null otherwise. */
  previousTotal: number | null;
  data: Array<{ day: string; value: number }>;
}

export interface DimensionRow {
  key: string | null;
  value: number;
}

/** One value of a dimension, as shown: its key, its name, and a count, size or version. */
export interface DimensionEntry {
  key: string;
  humanKey: string;
  value: number | string;
  unit?: 'bytes';
}

export interface RetentionRow {
  cohort: string;
  period: string;
  value: number;
  rate: number;
}

/** Placeholders a measure's events query may use: the time bounds and the target. */
interface EventParams {
  /** Inclusive lower and exclusive upper bound (timestamptz) of the events needed. */
  from: string;
  to: string;
  tagId: string;
  domain: string;
  subdomains: string;
}

/**
 * How a measure counts its events: every event, distinct `item`s, or the sum of `amount`;
 * `allTime` measures (a server's) total every event ever, not those of the period.
 */
interface MeasureSql {
  aggregate: 'count' | 'distinct' | 'sum';
  allTime?: boolean;
  /** SELECT at (timestamptz), item (text), amount (bigint) FROM … */
  events: (p: EventParams) => string;
}

/** The first status id of an instant (status ids are milliseconds << 16). */
const statusIdAt = (instant: string) => `((extract(epoch FROM ${instant}) * 1000)::bigint << 16)`;

/** `a` is an account of the target server (or of its subdomains when asked). */
const ofDomain = (p: EventParams) =>
  `(a.domain = ${p.domain} OR (${p.subdomains} AND a.domain LIKE '%.' || ${p.domain}))`;

const localActions = (p: EventParams) => `
  SELECT f.created_at AS at FROM favourites f JOIN accounts a ON a.id = f.account_id
   WHERE a.domain IS NULL AND f.created_at >= ${p.from} AND f.created_at < ${p.to}
  UNION ALL
  SELECT s.created_at FROM statuses s JOIN accounts a ON a.id = s.account_id
   WHERE a.domain IS NULL AND s.id >= ${statusIdAt(p.from)} AND s.id < ${statusIdAt(p.to)}
     AND (s.reblog_of_id IS NOT NULL
          OR (s.in_reply_to_account_id IS NOT NULL AND s.in_reply_to_account_id <> s.account_id))
  UNION ALL
  SELECT fo.created_at FROM follows fo JOIN accounts a ON a.id = fo.account_id
   WHERE a.domain IS NULL AND fo.created_at >= ${p.from} AND fo.created_at < ${p.to}
  UNION ALL
  SELECT v.created_at FROM poll_votes v JOIN accounts a ON a.id = v.account_id
   WHERE a.domain IS NULL AND v.created_at >= ${p.from} AND v.created_at < ${p.to}`;

const taggedStatuses = (p: EventParams) => `
  FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
  JOIN accounts a ON a.id = s.account_id
  WHERE st.tag_id = ${p.tagId} AND s.deleted_at IS NULL
    AND s.id >= ${statusIdAt(p.from)} AND s.id < ${statusIdAt(p.to)}`;

/** Mastodon's measures (Admin::Metrics::Measure), over the rows that record each event. */
const MEASURES = {
  /** Local users who signed in, used the API, posted or interacted that day. */
  active_users: {
    aggregate: 'distinct',
    events: (p) => `
      SELECT u.current_sign_in_at AS at, u.account_id::text AS item FROM users u
       WHERE u.current_sign_in_at >= ${p.from} AND u.current_sign_in_at < ${p.to}
      UNION ALL
      SELECT u.last_sign_in_at, u.account_id::text FROM users u
       WHERE u.last_sign_in_at >= ${p.from} AND u.last_sign_in_at < ${p.to}
      UNION ALL
      SELECT t.last_used_at, u.account_id::text FROM oauth_access_tokens t
        JOIN users u ON u.id = t.resource_owner_id
       WHERE t.last_used_at >= ${p.from} AND t.last_used_at < ${p.to}
      UNION ALL
      SELECT s.created_at, s.account_id::text FROM statuses s JOIN users u ON u.account_id = s.account_id
       WHERE s.id >= ${statusIdAt(p.from)} AND s.id < ${statusIdAt(p.to)}
      UNION ALL
      SELECT f.created_at, f.account_id::text FROM favourites f JOIN users u ON u.account_id = f.account_id
       WHERE f.created_at >= ${p.from} AND f.created_at < ${p.to}`,
  },
  new_users: {
    aggregate: 'count',
    events: (p) => `SELECT created_at AS at FROM users
       WHERE created_at >= ${p.from} AND created_at < ${p.to}`,
  },
  /** Local users' favourites, boosts, replies to others, follows and poll votes. */
  interactions: { aggregate: 'count', events: localActions },
  opened_reports: {
    aggregate: 'count',
    events: (p) => `SELECT created_at AS at FROM reports
       WHERE created_at >= ${p.from} AND created_at < ${p.to}`,
  },
  resolved_reports: {
    aggregate: 'count',
    events: (p) => `SELECT action_taken_at AS at FROM reports
       WHERE action_taken_at >= ${p.from} AND action_taken_at < ${p.to}`,
  },
  tag_accounts: {
    aggregate: 'distinct',
    events: (p) => `SELECT s.created_at AS at, s.account_id::text AS item ${taggedStatuses(p)}`,
  },
  tag_uses: {
    aggregate: 'count',
    events: (p) => `SELECT s.created_at AS at ${taggedStatuses(p)}`,
  },
  /** Other servers whose accounts used the tag (local posts do not count, as in Mastodon). */
  tag_servers: {
    aggregate: 'distinct',
    events: (p) => `SELECT s.created_at AS at, a.domain AS item ${taggedStatuses(p)}`,
  },
  instance_accounts: {
    aggregate: 'count',
    allTime: true,
    events: (p) => `SELECT a.created_at AS at FROM accounts a WHERE ${ofDomain(p)}`,
  },
  instance_media_attachments: {
    aggregate: 'sum',
    allTime: true,
    events: (p) => `
      SELECT m.created_at AS at,
             COALESCE(m.file_file_size, 0) + COALESCE(m.thumbnail_file_size, 0) AS amount
        FROM media_attachments m JOIN accounts a ON a.id = m.account_id WHERE ${ofDomain(p)}`,
  },
  instance_reports: {
    aggregate: 'count',
    allTime: true,
    events: (p) => `SELECT r.created_at AS at FROM reports r
        JOIN accounts a ON a.id = r.target_account_id WHERE ${ofDomain(p)}`,
  },
  instance_statuses: {
    aggregate: 'count',
    allTime: true,
    events: (p) => `SELECT s.created_at AS at FROM statuses s
        JOIN accounts a ON a.id = s.account_id WHERE s.deleted_at IS NULL AND ${ofDomain(p)}`,
  },
  /** Follows of the server's accounts (by anyone). */
  instance_follows: {
    aggregate: 'count',
    allTime: true,
    events: (p) => `SELECT f.created_at AS at FROM follows f
        JOIN accounts a ON a.id = f.target_account_id WHERE ${ofDomain(p)}`,
  },
  /** Follows by the server's accounts. */
  instance_followers: {
    aggregate: 'count',
    allTime: true,
    events: (p) => `SELECT f.created_at AS at FROM follows f
        JOIN accounts a ON a.id = f.account_id WHERE ${ofDomain(p)}`,
  },
} satisfies Record<string, MeasureSql>;

export type MeasureKey = keyof typeof MEASURES;
export const MEASURE_KEYS = Object.keys(MEASURES) as MeasureKey[];

const AGGREGATES = {
  count: 'count(*)',
  distinct: 'count(DISTINCT item)',
  sum: 'COALESCE(sum(amount), 0)',
};

/** Midnight UTC of a `YYYY-MM-DD` parameter, and of the day after. */
const dayStart = (param: string) => `(${param}::date::timestamp AT TIME ZONE 'UTC')`;
const dayAfter = (param: string) => `((${param}::date + 1)::timestamp AT TIME ZONE 'UTC')`;

/**
 * The admin dashboard's figures (Mastodon's measures, dimensions and retention cohorts), each
 * in one query over the rows that record what is counted, grouped by day in SQL.
 */
@Injectable()
export class MetricsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The measure per day of `range` (every day, zeros included), its total over the range (or
   * of all time for a server's measures) and over `previous`.
   */
  async series(
    key: MeasureKey,
    range: DayRange,
    previous: DayRange,
    target: MeasureTarget = {},
  ): Promise<DailySeries> {
    const measure: MeasureSql = MEASURES[key];
    // $1/$2 the range, $3/$4 the previous range; the target's values are bound where used.
    const params: unknown[] = [range.start, range.end, previous.start, previous.end];
    const bind = (value: unknown, type: string) => {
      params.push(value);
      return `$${params.length}::${type}`;
    };
    const from = measure.allTime
      ? `'-infinity'::timestamptz`
      : `LEAST(${dayStart('$1')}, ${dayStart('$3')})`;
    const events = measure.events({
      from,
      to: `GREATEST(${dayAfter('$2')}, ${dayAfter('$4')})`,
      get tagId() {
        return bind(target.tagId, 'bigint');
      },
      get domain() {
        return bind(target.domain, 'varchar');
      },
      get subdomains() {
        return bind(target.includeSubdomains ?? false, 'boolean');
      },
    });
    const aggregate = AGGREGATES[measure.aggregate];
    const within = (start: string, end: string) =>
      `at >= ${dayStart(start)} AND at < ${dayAfter(end)}`;
    const rows: Array<{ day: string; value: string; total: string; previous_total: string }> =
      await this.dataSource.query(
        `WITH events AS (SELECT * FROM (${events}) e),
              days AS (SELECT d::date AS day FROM generate_series($1::date, $2::date, interval '1 day') d),
              per_day AS (SELECT (at AT TIME ZONE 'UTC')::date AS day, ${aggregate} AS value
                            FROM events WHERE ${within('$1', '$2')} GROUP BY 1)
         SELECT to_char(days.day, 'YYYY-MM-DD') AS day, COALESCE(per_day.value, 0)::text AS value,
                (SELECT ${aggregate} FROM events ${measure.allTime ? '' : `WHERE ${within('$1', '$2')}`})::text AS total,
                (SELECT ${aggregate} FROM events WHERE ${within('$3', '$4')})::text AS previous_total
           FROM days LEFT JOIN per_day USING (day) ORDER BY days.day`,
        params,
      );
    return {
      total: Number(rows[0]?.total ?? 0),
      previousTotal: measure.allTime ? null : Number(rows[0]?.previous_total ?? 0),
      data: rows.map((row) => ({ day: row.day, value: Number(row.value) })),
    };
  }

  /** Locales of the local users who signed in between `from` and `to`, most used first. */
  userLocales(from: Date, to: Date, limit: number | null): Promise<DimensionRow[]> {
    return this.rows(
      `SELECT locale AS key, count(*) AS value FROM users
        WHERE current_sign_in_at BETWEEN $1 AND $2 AND locale IS NOT NULL
        GROUP BY locale ORDER BY count(*) DESC, locale LIMIT $3`,
      [from, to, limit],
    );
  }

  /** The apps people signed up through between `from` and `to` (null: the website). */
  signUpSources(from: Date, to: Date, limit: number | null): Promise<DimensionRow[]> {
    return this.rows(
      `SELECT app.name AS key, count(*) AS value FROM users u
         LEFT JOIN oauth_applications app ON app.id = u.created_by_application_id
        WHERE u.created_at BETWEEN $1 AND $2
        GROUP BY app.name ORDER BY count(*) DESC, app.name LIMIT $3`,
      [from, to, limit],
    );
  }

  /**
   * Servers by statuses posted over the days (null: this one), of every status or of those
   * with a tag.
   */
  statusServers(range: DayRange, limit: number | null, tagId?: string): Promise<DimensionRow[]> {
    return this.rows(
      `SELECT a.domain AS key, count(*) AS value ${this.statusesOver(tagId)}
        GROUP BY a.domain ORDER BY count(*) DESC, a.domain LIMIT $3`,
      [range.start, range.end, limit, ...(tagId ? [tagId] : [])],
    );
  }

  /** Languages of the statuses of the days with a tag (`und`: not known). */
  tagLanguages(range: DayRange, limit: number | null, tagId: string): Promise<DimensionRow[]> {
    return this.rows(
      `SELECT COALESCE(s.language, 'und') AS key, count(*) AS value ${this.statusesOver(tagId)}
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT $3`,
      [range.start, range.end, limit, tagId],
    );
  }

  /** Languages of a server's statuses of the days (`und`: not known). */
  serverLanguages(
    range: DayRange,
    limit: number | null,
    target: MeasureTarget,
  ): Promise<DimensionRow[]> {
    return this.rows(
      `SELECT COALESCE(s.language, 'und') AS key, count(*) AS value
         FROM statuses s JOIN accounts a ON a.id = s.account_id
        WHERE s.deleted_at IS NULL
          AND s.id >= ${statusIdAt(dayStart('$1'))} AND s.id < ${statusIdAt(dayAfter('$2'))}
          AND (a.domain = $4 OR ($5::boolean AND a.domain LIKE '%.' || $4))
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT $3`,
      [range.start, range.end, limit, target.domain, target.includeSubdomains ?? false],
    );
  }

  /** A server's accounts by followers, most followed first. */
  serverAccounts(limit: number | null, domain: string): Promise<DimensionRow[]> {
    return this.rows(
      `SELECT a.username AS key, count(f.id) AS value
         FROM accounts a LEFT JOIN follows f ON f.target_account_id = a.id
        WHERE a.domain = $2
        GROUP BY a.id ORDER BY count(f.id) DESC, a.username LIMIT $1`,
      [limit, domain],
    );
  }

  /** The size of the database, and of the stored media files whose sizes are recorded. */
  async storage(): Promise<{ database: number; media: number }> {
    const [row]: Array<{ database: string; media: string }> = await this.dataSource.query(
      `SELECT pg_database_size(current_database())::text AS database,
              ((SELECT COALESCE(sum(COALESCE(file_file_size, 0) + COALESCE(thumbnail_file_size, 0)), 0)
                  FROM media_attachments)
               + (SELECT COALESCE(sum(image_file_size), 0) FROM preview_cards))::text AS media`,
    );
    return { database: Number(row.database), media: Number(row.media) };
  }

  /** PostgreSQL's version number (`16.4`). */
  async databaseVersion(): Promise<string> {
    const [row]: Array<{ server_version: string }> =
      await this.dataSource.query(`SHOW server_version`);
    return row.server_version.split(' ')[0];
  }

  /**
   * Sign-up cohorts of `frequency` (day or month) from `start` to `end`: for each cohort and
   * each period since, how many of its users were last seen in that period or later, and
   * which share of the cohort that is (Mastodon's retention, by current_sign_in_at).
   */
  async retention(start: string, end: string, frequency: 'day' | 'month'): Promise<RetentionRow[]> {
    const rows: Array<{ cohort: string; period: string; value: string; rate: number }> =
      await this.dataSource.query(
        `WITH periods AS (
           SELECT p::date AS period FROM generate_series(
             date_trunc($3, $1::date::timestamp), date_trunc($3, $2::date::timestamp),
             ('1 ' || $3)::interval) p),
         cohorts AS (
           SELECT date_trunc($3, u.created_at AT TIME ZONE 'UTC')::date AS cohort,
                  date_trunc($3, u.current_sign_in_at AT TIME ZONE 'UTC')::date AS seen
             FROM users u
            WHERE u.created_at >= ($1::date::timestamp AT TIME ZONE 'UTC')
              AND u.created_at < ((date_trunc($3, $2::date::timestamp) + ('1 ' || $3)::interval)
                                  AT TIME ZONE 'UTC'))
         SELECT to_char(c.period, 'YYYY-MM-DD') AS cohort, to_char(r.period, 'YYYY-MM-DD') AS period,
                count(u.cohort) FILTER (WHERE u.seen >= r.period)::text AS value,
                (count(u.cohort) FILTER (WHERE u.seen >= r.period))::float
                  / GREATEST(count(u.cohort), 1) AS rate
           FROM periods c JOIN periods r ON r.period >= c.period
           LEFT JOIN cohorts u ON u.cohort = c.period
          GROUP BY c.period, r.period ORDER BY c.period, r.period`,
        [start, end, frequency],
      );
    return rows.map((row) => ({
      cohort: row.cohort,
      period: row.period,
      value: Number(row.value),
      rate: Number(row.rate),
    }));
  }

  private statusesOver(tagId?: string) {
    return `FROM statuses s JOIN accounts a ON a.id = s.account_id
      ${tagId ? 'JOIN statuses_tags st ON st.status_id = s.id AND st.tag_id = $4::bigint' : ''}
     WHERE s.deleted_at IS NULL
       AND s.id >= ${statusIdAt(dayStart('$1'))} AND s.id < ${statusIdAt(dayAfter('$2'))}`;
  }

  private async rows(sql: string, params: unknown[]): Promise<DimensionRow[]> {
    const rows: Array<{ key: string | null; value: string }> = await this.dataSource.query(
      sql,
      params,
    );
    return rows.map((row) => ({ key: row.key, value: Number(row.value) }));
  }
}
