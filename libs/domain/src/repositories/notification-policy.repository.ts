import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationPolicy } from '../entities/notification-policy.entity';
import { Transaction } from '../transactions';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

/** The rules of a policy: what happens to notifications from each kind of sender. */
export type NotificationPolicyActions = Pick<
  NotificationPolicy,
  | 'forNotFollowing'
  | 'forNotFollowers'
  | 'forNewAccounts'
  | 'forPrivateMentions'
  | 'forLimitedAccounts'
>;

export interface NotificationPolicySummary {
  /** Null until the user first changes the policy (the defaults apply). */
  policy: NotificationPolicy | null;
  pendingRequestsCount: number;
  pendingNotificationsCount: number;
}

/** A user's notification policy and the senders they accepted whatever it says. */
@Injectable()
export class NotificationPolicyRepository {
  private readonly rows: EntityRowMapper<NotificationPolicy>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = new EntityRowMapper(dataSource, NotificationPolicy, 'p');
  }

  /**
   * The policy with the requests (from senders not suspended) and filtered notifications
   * waiting, each counted up to `cap`. One query.
   */
  async summary(accountId: string, cap: number): Promise<NotificationPolicySummary> {
    const [row] = await queryPreparedArrays(
      this.dataSource,
      `SELECT ${this.rows.select},
              (SELECT count(*)::int FROM (SELECT 1 FROM notification_requests r
                 JOIN accounts a ON a.id = r.from_account_id AND a.suspended_at IS NULL
                WHERE r.account_id = $1 LIMIT $2) x),
              (SELECT count(*)::int FROM (SELECT 1 FROM notifications n
                 JOIN notification_requests r ON r.account_id = n.account_id AND r.from_account_id = n.from_account_id
                WHERE n.account_id = $1 AND n.filtered LIMIT $2) y)
         FROM (SELECT 1) one
         LEFT JOIN notification_policies p ON p.account_id = $1`,
      [accountId, cap],
    );
    return {
      policy: this.rows.isNull(row, 0) ? null : this.rows.build(row, 0),
      pendingRequestsCount: row[this.rows.width] as number,
      pendingNotificationsCount: row[this.rows.width + 1] as number,
    };
  }

  /** Creates or replaces the account's policy. */
  async save(accountId: string, actions: NotificationPolicyActions): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO notification_policies (account_id, for_not_following, for_not_followers,
         for_new_accounts, for_private_mentions, for_limited_accounts)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id) DO UPDATE SET
         for_not_following = EXCLUDED.for_not_following,
         for_not_followers = EXCLUDED.for_not_followers,
         for_new_accounts = EXCLUDED.for_new_accounts,
         for_private_mentions = EXCLUDED.for_private_mentions,
         for_limited_accounts = EXCLUDED.for_limited_accounts,
         updated_at = now()`,
      [
        accountId,
        actions.forNotFollowing,
        actions.forNotFollowers,
        actions.forNewAccounts,
        actions.forPrivateMentions,
        actions.forLimitedAccounts,
      ],
    );
  }

  /** Remembers senders whose notifications the account accepts from now on. */
  async permitSenders(accountId: string, senderIds: string[], tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO notification_permissions (account_id, from_account_id)
       SELECT $1, unnest($2::bigint[])
       ON CONFLICT (account_id, from_account_id) DO NOTHING`,
      [accountId, senderIds],
    );
  }
}
