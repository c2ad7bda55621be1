import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { AccountStat } from '../entities/account-stat.entity';

export type AccountCounter = 'statuses_count' | 'following_count' | 'followers_count';

/** Atomic counter changes (never below zero) and batch reads. */
@Injectable()
export class AccountStatsRepository {
  constructor(private readonly dataSource: DataSource) {}

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

  /** Stats of many accounts in one query, keyed by account id. */
  async forAccounts(accountIds: string[]): Promise<Map<string, AccountStat>> {
    if (accountIds.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(AccountStat)
      .findBy({ accountId: In([...new Set(accountIds)]) });
    return new Map(rows.map((row) => [row.accountId, row]));
  }
}
