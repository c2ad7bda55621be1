import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';
import { deletePair, deletePairsBetween } from './account-pairs';

/** Interaction scores (`account_interactions`) that rank follow suggestions. */
@Injectable()
export class AccountInteractionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Adds `weight` to the pair's score; a pair idle for more than `windowDays` starts again
   * from `weight`.
   */
  async addScore(
    accountId: string,
    targetAccountId: string,
    weight: number,
    windowDays: number,
    tx?: Transaction,
  ): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO account_interactions (account_id, target_account_id, score, last_interacted_at)
       VALUES ($1, $2, $3, now())
       ON CONFLICT (account_id, target_account_id) DO UPDATE SET
         score = CASE
           WHEN account_interactions.last_interacted_at < now() - make_interval(days => $4)
           THEN EXCLUDED.score ELSE account_interactions.score + EXCLUDED.score END,
         last_interacted_at = now(),
         updated_at = now()`,
      [accountId, targetAccountId, weight, windowDays],
    );
  }

  /** Forgets the score of `accountId` → `targetAccountId`. */
  async deleteInteraction(
    accountId: string,
    targetAccountId: string,
    tx?: Transaction,
  ): Promise<void> {
    await deletePair(
      tx ?? this.dataSource.manager,
      'account_interactions',
      accountId,
      targetAccountId,
    );
  }

  /** Forgets the scores between two accounts, both ways. */
  async deleteInteractionsBetween(
    accountId: string,
    otherAccountId: string,
    tx?: Transaction,
  ): Promise<void> {
    await deletePairsBetween(
      tx ?? this.dataSource.manager,
      'account_interactions',
      accountId,
      otherAccountId,
    );
  }
}
