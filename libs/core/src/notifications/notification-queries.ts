import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Notification, NotificationType, NOTIFICATION_TYPES } from '@nestodon/domain';
import { GROUPABLE_NOTIFICATION_TYPES } from '@nestodon/policies';
import { DataSource } from 'typeorm';

export interface NotificationScope {
  types?: string[];
  excludeTypes?: string[];
  /** Only notifications from this account. */
  accountId?: string;
  /** Include notifications held back by the policy. */
  includeFiltered?: boolean;
}

export interface NotificationWindow {
  maxId?: string;
  sinceId?: string;
  minId?: string;
  limit: number;
}

/** Number of sender ids a group carries (Mastodon's SAMPLE_ACCOUNTS_SIZE). */
export const SAMPLE_ACCOUNTS_SIZE = 8;

export interface GroupData {
  groupKey: string;
  mostRecentId: string;
  sampleAccountIds: string[];
  count: number;
  latestAt: Date;
  pageMinId: string;
  pageMaxId: string;
}

interface Row {
  [column: string]: unknown;
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export function toNotification(row: Row): Notification {
  const notification = new Notification();
  for (const [key, value] of Object.entries(row)) {
    if (key === 'groups' || key === 'group_key_sql') continue;
    (notification as unknown as Record<string, unknown>)[camel(key)] =
      value !== null && typeof value === 'number' ? String(value) : value;
  }
  return notification;
}

const KNOWN = new Set<string>(NOTIFICATION_TYPES);

/** WHERE conditions on `n.id` for a page window; binds its ids into `params`. */
function windowConditions(window: NotificationWindow, params: unknown[]): string[] {
  const bind = (value: unknown) => `$${params.push(value)}`;
  const conditions: string[] = [];
  if (window.maxId) conditions.push(`n.id < ${bind(window.maxId)}::bigint`);
  if (window.sinceId) conditions.push(`n.id > ${bind(window.sinceId)}::bigint`);
  if (window.minId) conditions.push(`n.id > ${bind(window.minId)}::bigint`);
  return conditions;
}

/**
 * The SQL behind the notification endpoints: the visible notifications of an account (senders
 * not suspended, statuses not deleted), filtered by type and sender, paged by id or by group.
 */
@Injectable()
export class NotificationQueries {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** WHERE conditions on `n` for a scope; binds values into `params` ($1 is the account). */
  private conditions(scope: NotificationScope, params: unknown[]): string[] {
    const bind = (value: unknown) => `$${params.push(value)}`;
    const conditions = [
      'n.account_id = $1',
      `NOT EXISTS (SELECT 1 FROM accounts fa WHERE fa.id = n.from_account_id AND fa.suspended_at IS NOT NULL)`,
      `NOT EXISTS (SELECT 1 FROM statuses ns WHERE ns.id = n.status_id AND ns.deleted_at IS NOT NULL)`,
    ];
    if (!scope.includeFiltered) conditions.push('n.filtered = false');
    const types = scope.types?.filter((type) => KNOWN.has(type));
    if (scope.types && scope.types.length > 0)
      conditions.push(`n.type = ANY(${bind(types ?? [])}::varchar[])`);
    if (scope.excludeTypes && scope.excludeTypes.length > 0) {
      conditions.push(`NOT (n.type = ANY(${bind(scope.excludeTypes)}::varchar[]))`);
    }
    if (scope.accountId) conditions.push(`n.from_account_id = ${bind(scope.accountId)}::bigint`);
    return conditions;
  }

  async page(
    accountId: string,
    scope: NotificationScope,
    window: NotificationWindow,
  ): Promise<Notification[]> {
    const params: unknown[] = [accountId];
    const conditions = [...this.conditions(scope, params), ...windowConditions(window, params)];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const ascending = Boolean(window.minId);
    const rows: Row[] = await this.dataSource.query(
      `SELECT n.* FROM notifications n WHERE ${conditions.join(' AND ')}
        ORDER BY n.id ${ascending ? 'ASC' : 'DESC'} LIMIT ${bind(window.limit)}`,
      params,
    );
    const list = rows.map(toNotification);
    return ascending ? list.reverse() : list;
  }

  async one(accountId: string, id: string): Promise<Notification | null> {
    const params: unknown[] = [accountId];
    const conditions = this.conditions({ includeFiltered: true }, params);
    params.push(id);
    const rows: Row[] = await this.dataSource.query(
      `SELECT n.* FROM notifications n WHERE ${conditions.join(' AND ')} AND n.id = $${params.length}::bigint`,
      params,
    );
    return rows[0] ? toNotification(rows[0]) : null;
  }

  /** Notifications after `afterId` (the marker), at most `limit`. */
  async countAfter(
    accountId: string,
    afterId: string,
    scope: NotificationScope,
    limit: number,
  ): Promise<number> {
    const params: unknown[] = [accountId];
    const conditions = this.conditions(scope, params);
    params.push(afterId, limit);
    const [row]: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM (
         SELECT 1 FROM notifications n WHERE ${conditions.join(' AND ')} AND n.id > $${params.length - 1}::bigint
         LIMIT $${params.length}) page`,
      params,
    );
    return row.count;
  }

  /** The group key SQL for `n`: groupable types keep their key, the rest are ungrouped. */
  private groupKeySql(groupedTypes: string[], params: unknown[]): string {
    params.push(groupedTypes);
    return `COALESCE(CASE WHEN n.type = ANY($${params.length}::varchar[]) THEN n.group_key END,
                     'ungrouped-' || n.id)`;
  }

  /**
   * The newest notification of each of up to `limit` groups in the window, newest first (with
   * min_id, the groups just above it). One recursive query: each step takes the next
   * notification of a group not seen yet.
   */
  async groupPage(
    accountId: string,
    scope: NotificationScope,
    groupedTypes: string[],
    window: NotificationWindow,
  ): Promise<Notification[]> {
    const params: unknown[] = [accountId];
    const conditions = [...this.conditions(scope, params), ...windowConditions(window, params)];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const ascending = Boolean(window.minId);
    const order = ascending ? 'ASC' : 'DESC';
    const key = this.groupKeySql(
      groupedTypes.filter((t) => GROUPABLE_NOTIFICATION_TYPES.has(t)),
      params,
    );
    const limit = bind(window.limit);
    const where = conditions.join(' AND ');
    const rows: Row[] = await this.dataSource.query(
      `WITH RECURSIVE walk AS (
         (SELECT n.*, ARRAY[${key}] AS groups FROM notifications n
           WHERE ${where} ORDER BY n.id ${order} LIMIT 1)
         UNION ALL
         (SELECT n.*, array_append(w.groups, ${key}) FROM walk w
            CROSS JOIN LATERAL (
              SELECT n.* FROM notifications n
               WHERE ${where} AND n.id ${ascending ? '>' : '<'} w.id
                 AND NOT (${key} = ANY(w.groups))
               ORDER BY n.id ${order} LIMIT 1) n
           WHERE array_length(w.groups, 1) < ${limit})
       )
       SELECT * FROM walk ORDER BY id ${order} LIMIT ${limit}`,
      params,
    );
    const list = rows.map(toNotification);
    return ascending ? list.reverse() : list;
  }

  /**
   * For each group: its newest notification up to the page's newest id, sample senders, count,
   * and the page bounds within the group.
   */
  async groupData(
    accountId: string,
    groupKeys: string[],
    range: { min: string; max: string },
  ): Promise<Map<string, GroupData>> {
    if (groupKeys.length === 0) return new Map();
    const rows: Array<{
      group_key: string;
      most_recent_id: string;
      sample: string[];
      count: number;
      latest_at: Date;
      page_min_id: string;
    }> = await this.dataSource.query(
      `SELECT g.group_key,
              (SELECT id::text FROM notifications WHERE account_id = $1 AND group_key = g.group_key
                 AND filtered = false AND id <= $4 ORDER BY id DESC LIMIT 1) AS most_recent_id,
              ARRAY(SELECT from_account_id::text FROM notifications WHERE account_id = $1
                 AND group_key = g.group_key AND filtered = false AND id <= $4 ORDER BY id DESC LIMIT $2) AS sample,
              (SELECT count(*)::int FROM notifications WHERE account_id = $1 AND group_key = g.group_key
                 AND filtered = false AND id <= $4) AS count,
              (SELECT created_at FROM notifications WHERE account_id = $1 AND group_key = g.group_key
                 AND filtered = false AND id <= $4 ORDER BY id DESC LIMIT 1) AS latest_at,
              (SELECT id::text FROM notifications WHERE account_id = $1 AND group_key = g.group_key
                 AND filtered = false AND id >= $3 ORDER BY id ASC LIMIT 1) AS page_min_id
         FROM unnest($5::varchar[]) AS g(group_key)`,
      [accountId, SAMPLE_ACCOUNTS_SIZE, range.min, range.max, groupKeys],
    );
    return new Map(
      rows.map((row) => [
        row.group_key,
        {
          groupKey: row.group_key,
          mostRecentId: row.most_recent_id,
          sampleAccountIds: [...new Set(row.sample)],
          count: row.count,
          latestAt: new Date(row.latest_at),
          pageMinId: row.page_min_id,
          pageMaxId: row.most_recent_id,
        },
      ]),
    );
  }

  /** Every notification of one group (or the one ungrouped notification), newest first. */
  async inGroup(accountId: string, groupKey: string): Promise<Notification[]> {
    const params: unknown[] = [accountId];
    const conditions = this.conditions({}, params);
    const ungrouped = /^ungrouped-(\d{1,19})$/.exec(groupKey);
    params.push(ungrouped ? ungrouped[1] : groupKey);
    const rows: Row[] = await this.dataSource.query(
      `SELECT n.* FROM notifications n WHERE ${conditions.join(' AND ')}
          AND ${ungrouped ? `n.id = $${params.length}::bigint` : `n.group_key = $${params.length}`}
        ORDER BY n.id DESC`,
      params,
    );
    return rows.map(toNotification);
  }

  /** Groups with notifications after `afterId`, at most `limit`. */
  async countGroupsAfter(
    accountId: string,
    afterId: string,
    scope: NotificationScope,
    groupedTypes: string[],
    limit: number,
  ): Promise<number> {
    const params: unknown[] = [accountId];
    const conditions = this.conditions(scope, params);
    const key = this.groupKeySql(
      groupedTypes.filter((t) => GROUPABLE_NOTIFICATION_TYPES.has(t)),
      params,
    );
    params.push(afterId, limit);
    const [row]: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM (
         SELECT DISTINCT ${key} FROM notifications n
          WHERE ${conditions.join(' AND ')} AND n.id > $${params.length - 1}::bigint
          LIMIT $${params.length}) groups`,
      params,
    );
    return row.count;
  }

  isKnownType(type: string): type is NotificationType {
    return KNOWN.has(type);
  }
}
