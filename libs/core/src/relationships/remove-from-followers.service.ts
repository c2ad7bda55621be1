import { Injectable } from '@nestjs/common';
import { Account, FollowRepository, TransactionRunner } from '@nestodon/domain';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowLedger } from './follow-ledger';

/**
 * Makes `follower` stop following `account` (POST /accounts/:id/remove_from_followers).
 * Returns whether there was a follow to remove.
 * Federation joins here: send Reject(Follow) to a remote follower after commit.
 */
@Injectable()
export class RemoveFromFollowersService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly follows: FollowRepository,
    private readonly ledger: FollowLedger,
    private readonly effects: RelationshipEffects,
  ) {}

  async call(account: Pick<Account, 'id'>, follower: Pick<Account, 'id'>): Promise<boolean> {
    const unfollowed = await this.transactions.run(async (tx) => {
      if (!(await this.follows.lockFollow(follower.id, account.id, 'update', tx))) return false;
      return (await this.ledger.removeFollow(follower.id, account.id, tx)).unfollowed;
    });
    if (unfollowed) await this.effects.unfollowed(follower.id, account.id);
    return unfollowed;
  }
}
