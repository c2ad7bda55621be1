import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@nestodon/domain';
import { DataSource, EntityManager } from 'typeorm';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowCounters } from './follow-counters';
import { inRelationshipTransaction } from './relationship-transaction';

export interface UnfollowResult {
  /** A follow was removed. */
  unfollowed: boolean;
  /** A pending follow request was withdrawn. */
  withdrewRequest: boolean;
}

/**
 * Stops following an account, or withdraws the pending request. Removing the follow also
 * removes the endorsement of that account (you can only feature whom you follow).
 * Federation joins here: send Undo(Follow) to remote targets after commit.
 */
@Injectable()
export class UnfollowService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly counters: FollowCounters,
    private readonly effects: RelationshipEffects,
  ) {}

  async unfollow(
    source: Pick<Account, 'id'>,
    target: Pick<Account, 'id'>,
  ): Promise<UnfollowResult> {
    const result = await inRelationshipTransaction(this.dataSource, (tx) =>
      this.removePair(tx, source.id, target.id),
    );
    if (result.unfollowed) await this.effects.unfollowed(source.id, target.id);
    return result;
  }

  /** Removes the follow and request `accountId` → `targetAccountId` in the caller's transaction. */
  async removePair(
    tx: EntityManager,
    accountId: string,
    targetAccountId: string,
  ): Promise<UnfollowResult> {
    const [deleted]: [Array<{ id: string }>, number] = await tx.query(
      `DELETE FROM follows WHERE account_id = $1 AND target_account_id = $2 RETURNING id`,
      [accountId, targetAccountId],
    );
    const unfollowed = deleted.length > 0;
    if (unfollowed) {
      await this.counters.apply(tx, [{ accountId, targetAccountId }], -1);
      await tx.query(`DELETE FROM account_pins WHERE account_id = $1 AND target_account_id = $2`, [
        accountId,
        targetAccountId,
      ]);
    }
    const [withdrawn]: [Array<{ id: string }>, number] = await tx.query(
      `DELETE FROM follow_requests WHERE account_id = $1 AND target_account_id = $2 RETURNING id`,
      [accountId, targetAccountId],
    );
    return { unfollowed, withdrewRequest: withdrawn.length > 0 };
  }
}
