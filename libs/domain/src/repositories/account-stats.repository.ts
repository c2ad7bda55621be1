import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { AccountStat } from '../entities/account-stat.entity';
import { UserRole } from '../entities/user-role.entity';
import { User } from '../entities/user.entity';
import { EVERYONE_ROLE_ID } from '../permissions';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

export type AccountCounter = 'statuses_count' | 'following_count' | 'followers_count';

/** Counters and users by account id, as AccountStatsRepository.countersAndUsers reads them. */
export interface AccountCountersAndUsers {
  stats: Map<string, AccountStat>;
  users: Map<string, User>;
}

/** What the signed-in user's own account shows besides the account row (verify_credentials). */
export interface CredentialFacts extends AccountCountersAndUsers {
  /** Pending follow requests to the account, counted up to 40 as Mastodon does. */
  followRequests: number;
  /** The role of users without one, when the user has none. */
  everyoneRole: UserRole | null;
}

/** Mastodon counts pending follow requests for `source` up to this. */
const FOLLOW_REQUESTS_SHOWN = 40;

/** Atomic counter changes (never below zero) and batch reads. */
@Injectable()
export class AccountStatsRepository {
  private readonly stat: EntityRowMapper<AccountStat>;
  private readonly user: EntityRowMapper<User>;
  private readonly role: EntityRowMapper<UserRole>;
  private readonly everyoneRole: EntityRowMapper<UserRole>;
  private readonly countersAndUsersSql: string;
  private readonly credentialSql: string;

  constructor(private readonly dataSource: DataSource) {
    this.stat = new EntityRowMapper(dataSource, AccountStat, 'st');
    this.user = new EntityRowMapper(dataSource, User, 'u');
    this.role = new EntityRowMapper(dataSource, UserRole, 'r');
    this.countersAndUsersSql = `SELECT a.id::text, ${this.stat.select}, ${this.user.select},
                                       ${this.role.select}
                                  FROM unnest($1::bigint[]) AS a(id)
                                  LEFT JOIN account_stats st ON st.account_id = a.id
                                  LEFT JOIN users u ON u.account_id = a.id
                                  LEFT JOIN user_roles r ON r.id = u.role_id`;
    this.everyoneRole = new EntityRowMapper(dataSource, UserRole, 'e');
    this.credentialSql = `SELECT a.id::text, ${this.stat.select}, ${this.user.select},
                                 ${this.role.select}, ${this.everyoneRole.select},
                                 (SELECT count(*)::int FROM (SELECT 1 FROM follow_requests
                                   WHERE target_account_id = a.id LIMIT ${FOLLOW_REQUESTS_SHOWN}) capped)
                            FROM (VALUES ($1::bigint)) AS a(id)
                            LEFT JOIN account_stats st ON st.account_id = a.id
                            LEFT JOIN users u ON u.account_id = a.id
                            LEFT JOIN user_roles r ON r.id = u.role_id
                            LEFT JOIN user_roles e ON e.id = ${EVERYONE_ROLE_ID} AND u.role_id IS NULL`;
  }

  /** Adds `by` (may be negative) to a counter inside the caller's transaction when given. */
  async increment(
    accountId: string,
    counter: AccountCounter,
    by = 1,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO account_stats (account_id, ${counter}) VALUES ($1, GREATEST($2::bigint, 0))
       ON CONFLICT (account_id) DO UPDATE
         SET ${counter} = GREATEST(account_stats.${counter} + $2::bigint, 0), updated_at = now()`,
      [accountId, by],
    );
  }

  /** Sets last_status_at forward to `at` (the test fixtures date accounts' activity with it). */
  async touchLastStatusAt(
    accountId: string,
    at: Date,
    manager: EntityManager = this.dataSource.manager,
  ) {
    await manager.query(
      `INSERT INTO account_stats (account_id, last_status_at) VALUES ($1, $2)
       ON CONFLICT (account_id) DO UPDATE
         SET last_status_at = GREATEST(account_stats.last_status_at, EXCLUDED.last_status_at), updated_at = now()`,
      [accountId, at],
    );
  }

  /**
   * A new status (or reblog) of the account posted `at`: statuses_count and last_status_at in
   * one statement, so the row stays locked for one round trip less.
   */
  async countNewStatus(
    accountId: string,
    at: Date,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO account_stats (account_id, statuses_count, last_status_at) VALUES ($1, 1, $2)
       ON CONFLICT (account_id) DO UPDATE
         SET statuses_count = GREATEST(account_stats.statuses_count + 1, 0),
             last_status_at = GREATEST(account_stats.last_status_at, EXCLUDED.last_status_at),
             updated_at = now()`,
      [accountId, at],
    );
  }

  /**
   * Counters of every account and the user (with role) of local ones, keyed by account id, in
   * one prepared query (every page of accounts shown runs it).
   */
  async countersAndUsers(accountIds: string[]): Promise<AccountCountersAndUsers> {
    const ids = [...new Set(accountIds)];
    if (ids.length === 0) return { stats: new Map(), users: new Map() };
    const rows = await queryPreparedArrays(this.dataSource, this.countersAndUsersSql, [ids]);
    return this.readCountersAndUsers(rows);
  }

  /**
   * The counters, user and role of the signed-in user's account, the role of users without one
   * and the pending follow requests, in one prepared query.
   */
  async credentialFacts(accountId: string): Promise<CredentialFacts> {
    const rows = await queryPreparedArrays(this.dataSource, this.credentialSql, [accountId]);
    const facts = this.readCountersAndUsers(rows);
    const row = rows[0];
    const everyoneAt = 1 + this.stat.width + this.user.width + this.role.width;
    const everyone = this.everyoneRole;
    return {
      ...facts,
      everyoneRole: everyone.isNull(row, everyoneAt) ? null : everyone.build(row, everyoneAt),
      followRequests: Number(row[everyoneAt + everyone.width]),
    };
  }

  /** Rows that start with the account id, then countersAndUsersSql's columns. */
  private readCountersAndUsers(rows: unknown[][]): AccountCountersAndUsers {
    const stats = new Map<string, AccountStat>();
    const users = new Map<string, User>();
    const { stat, user, role } = this;
    for (const row of rows) {
      const id = String(row[0]);
      let offset = 1;
      if (!stat.isNull(row, offset)) stats.set(id, stat.build(row, offset));
      offset += stat.width;
      if (!user.isNull(row, offset)) {
        const found = user.build(row, offset);
        if (!role.isNull(row, offset + user.width)) {
          found.role = role.build(row, offset + user.width);
        }
        users.set(id, found);
      }
    }
    return { stats, users };
  }

  /** Stats of many accounts in one query, keyed by account id. */
  async forAccounts(accountIds: string[]): Promise<Map<string, AccountStat>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(AccountStat)
      .findBy({ accountId: In([...new Set(accountIds)]) });
    return new Map(rows.map((row) => [row.accountId, row]));
  }
}
