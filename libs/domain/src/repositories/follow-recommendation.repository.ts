import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Account } from '../entities/account.entity';
import { Transaction } from '../transactions';
import { domainNotBlockedBy, listableAccount } from './directory.repository';
import { ACTIVE_MUTE } from './relationships.repository';

/**
 * SQL condition: account `a` may be suggested to `$1`. Not yourself; listable (not suspended,
 * silenced, moved or memorialised; a local one can sign in); not locked; not already followed or
 * requested; no block either way; not muted; domain not blocked; not dismissed.
 */
const SUGGESTIBLE = `
  a.id <> $1 AND ${listableAccount('a')} AND NOT a.locked
  AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.account_id = $1 AND f.target_account_id = a.id)
  AND NOT EXISTS (SELECT 1 FROM follow_requests r WHERE r.account_id = $1 AND r.target_account_id = a.id)
  AND NOT EXISTS (SELECT 1 FROM blocks b
                   WHERE (b.account_id = $1 AND b.target_account_id = a.id)
                      OR (b.account_id = a.id AND b.target_account_id = $1))
  AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.account_id = $1 AND m.target_account_id = a.id
                     AND ${ACTIVE_MUTE})
  AND ${domainNotBlockedBy('$1')}
  AND NOT EXISTS (SELECT 1 FROM follow_recommendation_suppressions s
                   WHERE s.account_id = $1 AND s.target_account_id = a.id)`;

/**
 * Whom to suggest following: staff's recommended accounts (`recommended_accounts`), the
 * suggestions a user dismissed (`follow_recommendation_suppressions`), and the three ranked
 * sources of suggestions, each returning account ids best first.
 */
@Injectable()
export class FollowRecommendationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds a recommended account (again: nothing changes). */
  async insertRecommendedAccount(accountId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO recommended_accounts (account_id) VALUES ($1) ON CONFLICT (account_id) DO NOTHING`,
      [accountId],
    );
  }

  async deleteRecommendedAccount(accountId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM recommended_accounts WHERE account_id = $1`, [
      accountId,
    ]);
  }

  /** Every recommended account, in the order they were recommended. */
  recommendedAccounts(): Promise<Account[]> {
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .innerJoin('recommended_accounts', 'ra', 'ra.account_id = a.id')
      .orderBy('ra.id')
      .getMany();
  }

  /**
   * The recommended accounts a new account may follow at once, in the order they were
   * recommended: not itself, unlocked, not suspended, silenced or moved, and (local ones) with
   * a confirmed, approved, enabled login.
   */
  followableRecommendedAccounts(exceptAccountId: string): Promise<Account[]> {
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .innerJoin('recommended_accounts', 'ra', 'ra.account_id = a.id')
      .leftJoin('users', 'u', 'u.account_id = a.id')
      .where('a.id <> :id', { id: exceptAccountId })
      .andWhere('a.locked = false AND a.suspended_at IS NULL AND a.silenced_at IS NULL')
      .andWhere('a.moved_to_account_id IS NULL')
      .andWhere(
        '(a.domain IS NOT NULL OR (u.confirmed_at IS NOT NULL AND u.approved AND NOT u.disabled))',
      )
      .orderBy('ra.id')
      .getMany();
  }

  /** `accountId` is never offered `targetAccountId` again. */
  async insertSuppression(
    accountId: string,
    targetAccountId: string,
    tx?: Transaction,
  ): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO follow_recommendation_suppressions (account_id, target_account_id)
       VALUES ($1, $2) ON CONFLICT (account_id, target_account_id) DO NOTHING`,
      [accountId, targetAccountId],
    );
  }

  /** Suggestible recommended accounts, in the order they were recommended. */
  featuredFor(viewerId: string, limit: number): Promise<string[]> {
    return this.ids(
      `SELECT a.id FROM recommended_accounts ra JOIN accounts a ON a.id = ra.account_id
        WHERE ${SUGGESTIBLE} ORDER BY ra.id LIMIT $2`,
      [viewerId, limit],
    );
  }

  /** Suggestible accounts the viewer interacted with in the last `windowDays`, by score. */
  mostInteractedFor(viewerId: string, limit: number, windowDays: number): Promise<string[]> {
    return this.ids(
      `SELECT a.id FROM account_interactions i JOIN accounts a ON a.id = i.target_account_id
        WHERE i.account_id = $1 AND i.score > 0
          AND i.last_interacted_at > now() - make_interval(days => $3)
          AND ${SUGGESTIBLE}
        ORDER BY i.score DESC, i.last_interacted_at DESC LIMIT $2`,
      [viewerId, limit, windowDays],
    );
  }

  /**
   * Suggestible discoverable local accounts that posted or signed in within `activeDays`, by
   * follower count.
   */
  mostFollowedFor(viewerId: string, limit: number, activeDays: number): Promise<string[]> {
    return this.ids(
      `SELECT a.id FROM accounts a
         LEFT JOIN account_stats st ON st.account_id = a.id
         JOIN users u ON u.account_id = a.id
        WHERE a.domain IS NULL AND a.discoverable IS TRUE AND ${SUGGESTIBLE}
          AND (st.last_status_at > now() - make_interval(days => $3)
               OR u.current_sign_in_at > now() - make_interval(days => $3))
        ORDER BY COALESCE(st.followers_count, 0) DESC, st.last_status_at DESC NULLS LAST, a.id DESC
        LIMIT $2`,
      [viewerId, limit, activeDays],
    );
  }

  private async ids(sql: string, params: unknown[]): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(sql, params);
    return rows.map((row) => String(row.id));
  }
}
