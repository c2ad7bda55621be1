import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NOTIFICATION_TYPES, Notification } from '../entities/notification.entity';
import { PolicyAction } from '../entities/notification-policy.entity';
import { isForeignKeyViolation, Transaction } from '../transactions';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

/** Which of an account's notifications a read covers. */
export interface NotificationScope {
  types?: string[];
  excludeTypes?: string[];
  /** Only notifications from this account. */
  accountId?: string;
  /** Include notifications held back by the policy. */
  includeFiltered?: boolean;
}

/** Number of sender ids a group carries (Mastodon's SAMPLE_ACCOUNTS_SIZE). */
export const SAMPLE_ACCOUNTS_SIZE = 8;

/** A notification group as of a page: its newest notification, senders, count and bounds. */
export interface NotificationGroupData {
  groupKey: string;
  mostRecentId: string;
  sampleAccountIds: string[];
  count: number;
  latestAt: Date;
  pageMinId: string;
  pageMaxId: string;
}

/** Everything the notification rules (libs/policies decideNotification) read, in one row. */
export interface NotificationFactsRow {
  /** The status, follow, favourite… the notification is about still exists. */
  subjectPresent: boolean;
  recipientAvailable: boolean;
  senderSilenced: boolean;
  senderCreatedAt: Date;
  recipientFollowsSender: boolean;
  senderFollowsSince: Date | null;
  blocking: boolean;
  mutingNotifications: boolean;
  domainBlocking: boolean;
  accepted: boolean;
  conversationMuted: boolean;
  mentionInvolvesBlocked: boolean;
  direct: boolean;
  answersRecipient: boolean;
  /** The recipient's policy; null where there is no policy row (defaults apply). */
  policy: Record<
    | 'forNotFollowing'
    | 'forNotFollowers'
    | 'forNewAccounts'
    | 'forPrivateMentions'
    | 'forLimitedAccounts',
    PolicyAction | null
  >;
}

/** A notification about to be created: who, and what it is about (the rows it refers to). */
export type NotificationSubject = Pick<
  Notification,
  | 'accountId'
  | 'fromAccountId'
  | 'type'
  | 'statusId'
  | 'reblogStatusId'
  | 'mentionId'
  | 'favouriteId'
  | 'followId'
  | 'followRequestId'
  | 'reportId'
  | 'quoteId'
  | 'accountWarningId'
>;

export type NewNotification = NotificationSubject & Pick<Notification, 'groupKey' | 'filtered'>;

const KNOWN = new Set<string>(NOTIFICATION_TYPES);

/** How far up a thread an answer to the recipient's private mention is looked for. */
const ANSWER_DEPTH = 100;

/**
 * The notifications of an account as the API reads them (senders not suspended, statuses not
 * deleted), filtered by type and sender, paged by id or by group; creating, releasing and
 * deleting them. Rows become entities through EntityRowMapper.
 */
@Injectable()
export class NotificationRepository {
  private readonly rows: EntityRowMapper<Notification>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = new EntityRowMapper(dataSource, Notification, 'n');
  }

  /** WHERE conditions on `n` for a scope; binds values into `params` ($1 is the account). */
  private conditions(scope: NotificationScope, params: unknown[]): string[] {
    const bind = (value: unknown) => `$${params.push(value)}`;
    const conditions = [
      'n.account_id = $1',
      `NOT EXISTS (SELECT 1 FROM accounts fa WHERE fa.id = n.from_account_id AND fa.suspended_at IS NOT NULL)`,
      `NOT EXISTS (SELECT 1 FROM statuses ns WHERE ns.id = n.status_id AND ns.deleted_at IS NOT NULL)`,
    ];
    if (!scope.includeFiltered) conditions.push('n.filtered = false');
    if (scope.types && scope.types.length > 0) {
      const types = scope.types.filter((type) => KNOWN.has(type));
      conditions.push(`n.type = ANY(${bind(types)}::varchar[])`);
    }
    if (scope.excludeTypes && scope.excludeTypes.length > 0) {
      conditions.push(`NOT (n.type = ANY(${bind(scope.excludeTypes)}::varchar[]))`);
    }
    if (scope.accountId) conditions.push(`n.from_account_id = ${bind(scope.accountId)}::bigint`);
    return conditions;
  }

  /** Notifications from a query whose SELECT list is `this.rows.select`. */
  private async select(sql: string, params: unknown[]): Promise<Notification[]> {
    const rows = await queryPreparedArrays(this.dataSource, sql, params);
    return rows.map((row) => this.rows.build(row, 0));
  }

  /** A page of the account's notifications in `scope`, newest first. */
  async page(accountId: string, scope: NotificationScope, page: IdPage): Promise<Notification[]> {
    const params: unknown[] = [accountId];
    const conditions = this.conditions(scope, params);
    const { tail, reverse } = idPageSql('n.id', page, conditions, params);
    const list = await this.select(
      `SELECT ${this.rows.select} FROM notifications n WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    return reverse ? list.reverse() : list;
  }

  /** One of the account's notifications (filtered ones included), or null. */
  async one(accountId: string, id: string): Promise<Notification | null> {
    const params: unknown[] = [accountId];
    const conditions = this.conditions({ includeFiltered: true }, params);
    params.push(id);
    const [notification] = await this.select(
      `SELECT ${this.rows.select} FROM notifications n
        WHERE ${conditions.join(' AND ')} AND n.id = $${params.length}::bigint`,
      params,
    );
    return notification ?? null;
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

  /** The group key SQL for `n`: `groupedTypes` keep their key, the rest are ungrouped. */
  private groupKeySql(groupedTypes: string[], params: unknown[]): string {
    params.push(groupedTypes);
    return `COALESCE(CASE WHEN n.type = ANY($${params.length}::varchar[]) THEN n.group_key END,
                     'ungrouped-' || n.id)`;
  }

  /**
   * The newest notification of each of up to `limit` groups in the page, newest first (with
   * min_id, the groups just above it). One recursive query: each step takes the next
   * notification of a group not seen yet. `groupedTypes` are the types that group.
   */
  async groupPage(
    accountId: string,
    scope: NotificationScope,
    groupedTypes: string[],
    page: IdPage,
  ): Promise<Notification[]> {
    const params: unknown[] = [accountId];
    const conditions = this.conditions(scope, params);
    const { tail, reverse: ascending, limit } = idPageSql('n.id', page, conditions, params);
    const order = ascending ? 'ASC' : 'DESC';
    const key = this.groupKeySql(groupedTypes, params);
    const where = conditions.join(' AND ');
    // The walk's rows are read back under the alias `n`, so the page's tail applies as is.
    const list = await this.select(
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
       SELECT ${this.rows.select} FROM walk n ${tail}`,
      params,
    );
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
  ): Promise<Map<string, NotificationGroupData>> {
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
  inGroup(accountId: string, groupKey: string): Promise<Notification[]> {
    const params: unknown[] = [accountId];
    const conditions = this.conditions({}, params);
    const ungrouped = /^ungrouped-(\d{1,19})$/.exec(groupKey);
    params.push(ungrouped ? ungrouped[1] : groupKey);
    return this.select(
      `SELECT ${this.rows.select} FROM notifications n WHERE ${conditions.join(' AND ')}
          AND ${ungrouped ? `n.id = $${params.length}::bigint` : `n.group_key = $${params.length}`}
        ORDER BY n.id DESC`,
      params,
    );
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
    const key = this.groupKeySql(groupedTypes, params);
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

  /** Counts of the account's filtered notifications per sender, for the senders given. */
  async filteredCountsBySender(
    accountId: string,
    senderIds: string[],
  ): Promise<Map<string, number>> {
    if (senderIds.length === 0) return new Map();
    const rows: Array<{ from_account_id: string; count: number }> = await this.dataSource.query(
      `SELECT from_account_id::text, count(*)::int AS count FROM notifications
        WHERE account_id = $1 AND filtered AND from_account_id = ANY($2::bigint[])
        GROUP BY from_account_id`,
      [accountId, senderIds],
    );
    return new Map(rows.map((row) => [row.from_account_id, row.count]));
  }

  /** Deletes one notification of the account; false when it has none with that id. */
  async deleteOne(accountId: string, id: string): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM notifications WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return count > 0;
  }

  /** Deletes every notification of a group; false when the group has none. */
  async deleteGroup(accountId: string, groupKey: string): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM notifications WHERE account_id = $1 AND group_key = $2`,
      [accountId, groupKey],
    );
    return count > 0;
  }

  /** Deletes the notifications about a status or reblog (it was deleted). */
  async deleteAboutStatus(statusId: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM notifications WHERE status_id = $1 OR reblog_status_id = $1`,
      [statusId],
    );
  }

  /** Deletes the account's notifications caused by `fromAccountId` (it was blocked). */
  async deleteFrom(accountId: string, fromAccountId: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM notifications WHERE account_id = $1 AND from_account_id = $2`,
      [accountId, fromAccountId],
    );
  }

  async deleteAll(accountId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM notifications WHERE account_id = $1`, [accountId]);
  }

  /** Lets the filtered notifications from `senderIds` into the account's list. */
  async releaseFiltered(accountId: string, senderIds: string[], tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `UPDATE notifications SET filtered = false, updated_at = now()
        WHERE account_id = $1 AND from_account_id = ANY($2::bigint[]) AND filtered`,
      [accountId, senderIds],
    );
  }

  /** Deletes the filtered notifications from `senderIds`. */
  async deleteFiltered(accountId: string, senderIds: string[], tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `DELETE FROM notifications
        WHERE account_id = $1 AND from_account_id = ANY($2::bigint[]) AND filtered`,
      [accountId, senderIds],
    );
  }

  /**
   * Inserts a notification. Null when a row it refers to (the follow, favourite, mention…)
   * was deleted meanwhile: the activity was undone, so there is nothing to notify.
   */
  async insert(values: NewNotification): Promise<Notification | null> {
    try {
      return await this.dataSource.getRepository(Notification).save(values);
    } catch (error) {
      if (isForeignKeyViolation(error)) return null;
      throw error;
    }
  }

  /** Everything the rules need, in one query; null when either account is gone. */
  async facts(subject: NotificationSubject): Promise<NotificationFactsRow | null> {
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `WITH st AS (
         SELECT id, conversation_id, visibility, in_reply_to_id, in_reply_to_account_id
           FROM statuses WHERE id = $3::bigint
       )
       SELECT
         (($3::bigint IS NULL OR EXISTS (SELECT 1 FROM statuses WHERE id = $3::bigint AND deleted_at IS NULL))
          AND ($6::bigint IS NULL OR EXISTS (SELECT 1 FROM statuses WHERE id = $6::bigint AND deleted_at IS NULL))
          AND ($7::bigint IS NULL OR EXISTS (SELECT 1 FROM mentions WHERE id = $7::bigint))
          AND ($8::bigint IS NULL OR EXISTS (SELECT 1 FROM favourites WHERE id = $8::bigint))
          AND ($9::bigint IS NULL OR EXISTS (SELECT 1 FROM follows WHERE id = $9::bigint))
          AND ($10::bigint IS NULL OR EXISTS (SELECT 1 FROM follow_requests WHERE id = $10::bigint))
          AND ($11::bigint IS NULL OR EXISTS (SELECT 1 FROM quotes WHERE id = $11::bigint))
         ) AS subject_present,
         (r.domain IS NULL AND r.suspended_at IS NULL AND u.id IS NOT NULL AND NOT u.disabled) AS available,
         s.silenced_at IS NOT NULL AS sender_silenced,
         s.created_at AS sender_created_at,
         EXISTS (SELECT 1 FROM follows WHERE account_id = r.id AND target_account_id = s.id) AS recipient_follows_sender,
         (SELECT created_at FROM follows WHERE account_id = s.id AND target_account_id = r.id) AS sender_follows_since,
         EXISTS (SELECT 1 FROM blocks WHERE account_id = r.id AND target_account_id = s.id) AS blocking,
         EXISTS (SELECT 1 FROM mutes WHERE account_id = r.id AND target_account_id = s.id
                   AND hide_notifications AND (expires_at IS NULL OR expires_at > now())) AS muting_notifications,
         (s.domain IS NOT NULL AND EXISTS (SELECT 1 FROM account_domain_blocks
                   WHERE account_id = r.id AND domain = s.domain)) AS domain_blocking,
         EXISTS (SELECT 1 FROM notification_permissions
                  WHERE account_id = r.id AND from_account_id = s.id) AS accepted,
         EXISTS (SELECT 1 FROM st JOIN conversation_mutes cm
                   ON cm.conversation_id = st.conversation_id AND cm.account_id = r.id) AS conversation_muted,
         ($4::text = 'mention' AND EXISTS (
            SELECT 1 FROM (
              SELECT m.account_id FROM mentions m JOIN st ON m.status_id = st.id WHERE m.silent = false
              UNION ALL SELECT in_reply_to_account_id FROM st WHERE in_reply_to_account_id IS NOT NULL
            ) involved
            WHERE involved.account_id <> r.id AND (
              EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = r.id AND b.target_account_id = involved.account_id)
              OR EXISTS (SELECT 1 FROM mutes mu WHERE mu.account_id = r.id AND mu.target_account_id = involved.account_id
                           AND mu.hide_notifications AND (mu.expires_at IS NULL OR mu.expires_at > now()))))
         ) AS mention_involves_blocked,
         COALESCE((SELECT visibility = 3 FROM st), false) AS direct,
         ($4::text = 'mention' AND EXISTS (
            WITH RECURSIVE up(id, in_reply_to_id, account_id, visibility, depth, path) AS (
              SELECT p.id, p.in_reply_to_id, p.account_id, p.visibility, 1, ARRAY[p.id]
                FROM statuses p JOIN st ON p.id = st.in_reply_to_id
              UNION ALL
              SELECT p.id, p.in_reply_to_id, p.account_id, p.visibility, up.depth + 1, up.path || p.id
                FROM up JOIN statuses p ON p.id = up.in_reply_to_id
               WHERE up.depth < $5 AND NOT p.id = ANY(up.path)
            )
            SELECT 1 FROM up
             WHERE up.account_id = r.id AND up.visibility = 3
               AND EXISTS (SELECT 1 FROM mentions m2 WHERE m2.status_id = up.id
                             AND m2.account_id = s.id AND m2.silent = false))
         ) AS answers_recipient,
         p.for_not_following, p.for_not_followers, p.for_new_accounts,
         p.for_private_mentions, p.for_limited_accounts
       FROM accounts r
       JOIN accounts s ON s.id = $2::bigint
       LEFT JOIN users u ON u.account_id = r.id
       LEFT JOIN notification_policies p ON p.account_id = r.id
       WHERE r.id = $1::bigint`,
      [
        subject.accountId,
        subject.fromAccountId,
        subject.statusId,
        subject.type,
        ANSWER_DEPTH,
        subject.reblogStatusId,
        subject.mentionId,
        subject.favouriteId,
        subject.followId,
        subject.followRequestId,
        subject.quoteId,
      ],
    );
    const row = rows[0];
    if (!row) return null;
    const action = (column: string) => (row[column] ?? null) as PolicyAction | null;
    return {
      subjectPresent: row.subject_present as boolean,
      recipientAvailable: row.available as boolean,
      senderSilenced: row.sender_silenced as boolean,
      senderCreatedAt: new Date(row.sender_created_at as Date),
      recipientFollowsSender: row.recipient_follows_sender as boolean,
      senderFollowsSince: row.sender_follows_since
        ? new Date(row.sender_follows_since as Date)
        : null,
      blocking: row.blocking as boolean,
      mutingNotifications: row.muting_notifications as boolean,
      domainBlocking: row.domain_blocking as boolean,
      accepted: row.accepted as boolean,
      conversationMuted: row.conversation_muted as boolean,
      mentionInvolvesBlocked: row.mention_involves_blocked as boolean,
      direct: row.direct as boolean,
      answersRecipient: row.answers_recipient as boolean,
      policy: {
        forNotFollowing: action('for_not_following'),
        forNotFollowers: action('for_not_followers'),
        forNewAccounts: action('for_new_accounts'),
        forPrivateMentions: action('for_private_mentions'),
        forLimitedAccounts: action('for_limited_accounts'),
      },
    };
  }
}
