import { Injectable } from '@nestjs/common';
import { Account, TransactionRunner } from '@nestodon/domain';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowLedger, UnfollowResult } from './follow-ledger';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Stops following an account, or withdraws the pending request. Removing the follow also
 * removes the endorsement of that account (you can only feature whom you follow).
 * A remote target is sent Undo(Follow) after commit (ActivityOutbox).
 */
@Injectable()
export class UnfollowService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly ledger: FollowLedger,
    private readonly effects: RelationshipEffects,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    source: Pick<Account, 'id' | 'domain'>,
    target: Pick<Account, 'id' | 'domain'>,
  ): Promise<UnfollowResult> {
    // What the Undo names, read before it goes (remote targets only).
    const link = await this.outbox.followToTell(source, target);
    const result = await this.transactions.run((tx) =>
      this.ledger.removeFollow(source.id, target.id, tx),
    );
    if (result.unfollowed) await this.effects.unfollowed(source.id, target.id);
    if (link && (result.unfollowed || result.withdrewRequest)) {
      await this.outbox.publishTo(source, target, {
        type: 'unfollow',
        accountId: source.id,
        targetAccountId: target.id,
        followId: link.id,
        followUri: link.uri,
      });
    }
    return result;
  }
}
