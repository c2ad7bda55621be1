import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { inRelationshipTransaction } from './relationship-transaction';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { UnfollowService } from './unfollow.service';

/**
 * Makes `follower` stop following `account` (POST /accounts/:id/remove_from_followers).
 * Returns whether there was a follow to remove.
 * Federation joins here: send Reject(Follow) to a remote follower after commit.
 */
@Injectable()
export class RemoveFromFollowersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unfollows: UnfollowService,
    private readonly effects: RelationshipEffects,
  ) {}

  async remove(account: Pick<Account, 'id'>, follower: Pick<Account, 'id'>): Promise<boolean> {
    const result = await inRelationshipTransaction(this.dataSource, async (tx) => {
      const existing: Array<{ id: string }> = await tx.query(
        `SELECT id FROM follows WHERE account_id = $1 AND target_account_id = $2 FOR UPDATE`,
        [follower.id, account.id],
      );
      if (existing.length === 0) return { unfollowed: false, withdrewRequest: false };
      return this.unfollows.removePair(tx, follower.id, account.id);
    });
    if (result.unfollowed) await this.effects.unfollowed(follower.id, account.id);
    return result.unfollowed;
  }
}
