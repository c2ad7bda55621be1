import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  POLICY_ACTION_NAMES,
  PolicyAction,
  PolicyActionName,
  ValidationError,
} from '@nestodon/domain';
import { DEFAULT_NOTIFICATION_POLICY, NotificationPolicyRules } from '@nestodon/policies';
import { DataSource } from 'typeorm';

/** Counts above this are reported as this (Mastodon's MAX_MEANINGFUL_COUNT). */
export const MAX_MEANINGFUL_COUNT = 100;

export interface NotificationPolicyView extends NotificationPolicyRules {
  pendingRequestsCount: number;
  pendingNotificationsCount: number;
}

const COLUMNS: Record<keyof NotificationPolicyRules, string> = {
  forNotFollowing: 'for_not_following',
  forNotFollowers: 'for_not_followers',
  forNewAccounts: 'for_new_accounts',
  forPrivateMentions: 'for_private_mentions',
  forLimitedAccounts: 'for_limited_accounts',
};

/** Reads and changes a user's notification policy (defaults until first changed). */
@Injectable()
export class NotificationPolicyService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async show(viewer: Pick<Account, 'id'>): Promise<NotificationPolicyView> {
    const [row]: Array<Record<string, number | null>> = await this.dataSource.query(
      `SELECT p.for_not_following, p.for_not_followers, p.for_new_accounts,
              p.for_private_mentions, p.for_limited_accounts,
              (SELECT count(*)::int FROM (SELECT 1 FROM notification_requests r
                 JOIN accounts a ON a.id = r.from_account_id AND a.suspended_at IS NULL
                WHERE r.account_id = $1 LIMIT $2) x) AS requests,
              (SELECT count(*)::int FROM (SELECT 1 FROM notifications n
                 JOIN notification_requests r ON r.account_id = n.account_id AND r.from_account_id = n.from_account_id
                WHERE n.account_id = $1 AND n.filtered LIMIT $2) y) AS pending
         FROM (SELECT 1) one
         LEFT JOIN notification_policies p ON p.account_id = $1`,
      [viewer.id, MAX_MEANINGFUL_COUNT],
    );
    const rules = { ...DEFAULT_NOTIFICATION_POLICY };
    for (const [key, column] of Object.entries(COLUMNS) as Array<
      [keyof NotificationPolicyRules, string]
    >) {
      const value = row[column];
      if (value !== null && value !== undefined)
        rules[key] = POLICY_ACTION_NAMES[value] ?? rules[key];
    }
    return {
      ...rules,
      pendingRequestsCount: Number(row.requests),
      pendingNotificationsCount: Number(row.pending),
    };
  }

  /** Changes the rules given (accept, filter or drop each). */
  async update(
    viewer: Pick<Account, 'id'>,
    changes: Partial<Record<keyof NotificationPolicyRules, string>>,
  ): Promise<NotificationPolicyView> {
    const current = await this.show(viewer);
    const next: NotificationPolicyRules = {
      forNotFollowing: current.forNotFollowing,
      forNotFollowers: current.forNotFollowers,
      forNewAccounts: current.forNewAccounts,
      forPrivateMentions: current.forPrivateMentions,
      forLimitedAccounts: current.forLimitedAccounts,
    };
    for (const [key, value] of Object.entries(changes) as Array<
      [keyof NotificationPolicyRules, string | undefined]
    >) {
      if (value === undefined) continue;
      if (!(POLICY_ACTION_NAMES as readonly string[]).includes(value)) {
        throw new ValidationError(
          `Validation failed: ${COLUMNS[key].replace(/_/g, ' ')} must be one of accept, filter, drop`,
        );
      }
      next[key] = value as PolicyActionName;
    }
    const code = (name: PolicyActionName) => POLICY_ACTION_NAMES.indexOf(name) as PolicyAction;
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
        viewer.id,
        code(next.forNotFollowing),
        code(next.forNotFollowers),
        code(next.forNewAccounts),
        code(next.forPrivateMentions),
        code(next.forLimitedAccounts),
      ],
    );
    return this.show(viewer);
  }
}
