import { Injectable } from '@nestjs/common';
import { Account, FollowRepository, TransactionRunner } from '@nestodon/domain';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowLedger } from './follow-ledger';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Makes `follower` stop following `account` (POST /accounts/:id/remove_from_followers).
 * Returns whether there was a follow to remove.
 * A remote follower is sent Reject(Follow) after commit (ActivityOutbox).
 */
@Injectable()
export class RemoveFromFollowersService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly follows: FollowRepository,
    private readonly ledger: FollowLedger,
    private readonly effects: RelationshipEffects,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    account: Pick<Account, 'id' | 'domain'>,
    follower: Pick<Account, 'id' | 'domain'>,
  ): Promise<boolean> {
    const link = await this.outbox.followToTell(follower, account);
    const unfollowed = await this.transactions.run(async (tx) => {
      if (!(await this.follows.lockFollow(follower.id, account.id, 'update', tx))) return false;
      return (await this.ledger.removeFollow(follower.id, account.id, tx)).unfollowed;
    });
    if (unfollowed) await this.effects.unfollowed(follower.id, account.id);
    // A remote follower is told as Mastodon tells it: its Follow is rejected.
    if (unfollowed && link)
      await this.outbox.answerFollow('reject_follow', account, follower, link);
    return unfollowed;
  }
}
