import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Account } from '../entities/account.entity';
import { UserRole } from '../entities/user-role.entity';
import { User } from '../entities/user.entity';
import { EVERYONE_ROLE_ID, Permission } from '../permissions';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

export type AdminAccountOrigin = 'local' | 'remote';
export type AdminAccountStatus =
  'active' | 'pending' | 'disabled' | 'silenced' | 'suspended' | 'sensitized';

/** Mastodon's AccountFilter keys, as the admin API passes them. */
export interface AdminAccountFilter {
  origin?: AdminAccountOrigin;
  status?: AdminAccountStatus;
  roleIds?: string[];
  /** Staff: users whose role may manage reports (or administer), Mastodon's `staff`. */
  staff?: boolean;
  username?: string;
  displayName?: string;
  byDomain?: string;
  email?: string;
  /** An address or a CIDR range, already checked. */
  ip?: string;
  /** A user id: accounts that signed up with an invite of that user. */
  invitedBy?: string;
}

/** An IP a user was seen at (sign-up, or the last use of a token). */
export interface SeenIp {
  ip: string;
  usedAt: Date;
}

/** What the Admin::Account entity shows besides the account row. */
export interface AdminAccountFacts {
  user: User | null;
  /** The user's role, or the everyone role for users without one; null for remote accounts. */
  role: UserRole | null;
  ips: SeenIp[];
  invitedByAccountId: string | null;
}

const STATUS_CONDITIONS: Record<AdminAccountStatus, string> = {
  active: 'a.suspended_at IS NULL',
  pending: 'u.id IS NOT NULL AND NOT u.approved',
  disabled: 'u.disabled AND a.suspended_at IS NULL',
  silenced: 'a.silenced_at IS NOT NULL',
  suspended: 'a.suspended_at IS NOT NULL',
  sensitized: 'a.sensitized_at IS NOT NULL',
};

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Accounts as moderators search and inspect them (local and remote, suspended included). */
@Injectable()
export class AdminAccountRepository {
  private readonly accounts: EntityRowMapper<Account>;
  private readonly users: EntityRowMapper<User>;
  private readonly roles: EntityRowMapper<UserRole>;

  constructor(private readonly dataSource: DataSource) {
    this.accounts = new EntityRowMapper(dataSource, Account, 'a');
    this.users = new EntityRowMapper(dataSource, User, 'u');
    this.roles = new EntityRowMapper(dataSource, UserRole, 'r');
  }

  /** A page of accounts matching every filter given, newest first. */
  async page(filter: AdminAccountFilter, page: IdPage): Promise<Account[]> {
    const params: unknown[] = [];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions: string[] = [];
    if (filter.origin) {
      conditions.push(filter.origin === 'local' ? 'a.domain IS NULL' : 'a.domain IS NOT NULL');
    }
    if (filter.status) conditions.push(STATUS_CONDITIONS[filter.status]);
    if (filter.roleIds) conditions.push(`u.role_id = ANY(${bind(filter.roleIds)}::bigint[])`);
    if (filter.staff) {
      const mask = bind((Permission.ManageReports | Permission.Administrator).toString());
      conditions.push(
        `u.role_id IN (SELECT id FROM user_roles WHERE permissions & ${mask}::bigint <> 0)`,
      );
    }
    if (filter.username) {
      conditions.push(`a.username ILIKE ${bind(likePrefix(filter.username))}`);
    }
    if (filter.displayName) {
      conditions.push(`a.display_name ILIKE ${bind(`%${likePrefix(filter.displayName)}`)}`);
    }
    if (filter.byDomain) conditions.push(`lower(a.domain) = lower(${bind(filter.byDomain)})`);
    if (filter.email) conditions.push(`u.email ILIKE ${bind(likePrefix(filter.email))}`);
    if (filter.ip) {
      const ip = bind(filter.ip);
      conditions.push(`(u.sign_up_ip <<= ${ip}::inet OR EXISTS (
        SELECT 1 FROM oauth_access_tokens t
         WHERE t.resource_owner_id = u.id AND t.last_used_ip <<= ${ip}::inet))`);
    }
    if (filter.invitedBy) {
      conditions.push(
        `EXISTS (SELECT 1 FROM invites i WHERE i.id = u.invite_id AND i.user_id = ${bind(filter.invitedBy)}::bigint)`,
      );
    }
    const { tail, reverse } = idPageSql('a.id', page, conditions, params);
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const rows = await queryPreparedArrays(
      this.dataSource,
      `SELECT ${this.accounts.select} FROM accounts a LEFT JOIN users u ON u.account_id = a.id
        ${where} ${tail}`,
      params,
    );
    const accounts = rows.map((row) => this.accounts.build(row, 0));
    return reverse ? accounts.reverse() : accounts;
  }

  /** Users, roles, IPs and inviters of the accounts, by account id, in two queries. */
  async facts(accountIds: string[]): Promise<Map<string, AdminAccountFacts>> {
    const ids = [...new Set(accountIds)];
    const facts = new Map<string, AdminAccountFacts>();
    if (ids.length === 0) return facts;
    const rows = await queryPreparedArrays(
      this.dataSource,
      `SELECT a.id::text, i_u.account_id::text, ${this.users.select}, ${this.roles.select}
         FROM unnest($1::bigint[]) AS a(id)
         LEFT JOIN users u ON u.account_id = a.id
         LEFT JOIN user_roles r ON r.id = COALESCE(u.role_id, CASE WHEN u.id IS NOT NULL THEN $2::bigint END)
         LEFT JOIN invites i ON i.id = u.invite_id
         LEFT JOIN users i_u ON i_u.id = i.user_id`,
      [ids, EVERYONE_ROLE_ID],
    );
    const userIds: string[] = [];
    for (const row of rows) {
      const user = this.users.isNull(row, 2) ? null : this.users.build(row, 2);
      const roleOffset = 2 + this.users.width;
      const role = this.roles.isNull(row, roleOffset) ? null : this.roles.build(row, roleOffset);
      if (user) userIds.push(user.id);
      facts.set(String(row[0]), {
        user,
        role,
        ips: [],
        invitedByAccountId: (row[1] as string | null) ?? null,
      });
    }
    if (userIds.length > 0) {
      const ips: Array<{ account_id: string; ip: string; used_at: Date }> =
        await this.dataSource.query(
          `SELECT account_id::text, host(ip) AS ip, max(used_at) AS used_at FROM (
             SELECT u.account_id, u.sign_up_ip AS ip, u.created_at AS used_at FROM users u
              WHERE u.id = ANY($1::bigint[]) AND u.sign_up_ip IS NOT NULL
             UNION ALL
             SELECT u.account_id, t.last_used_ip, t.last_used_at FROM oauth_access_tokens t
               JOIN users u ON u.id = t.resource_owner_id
              WHERE t.resource_owner_id = ANY($1::bigint[]) AND t.last_used_ip IS NOT NULL
           ) seen GROUP BY account_id, ip ORDER BY account_id, max(used_at) DESC`,
          [userIds],
        );
      for (const row of ips) {
        facts.get(row.account_id)?.ips.push({ ip: row.ip, usedAt: new Date(row.used_at) });
      }
    }
    return facts;
  }
}
