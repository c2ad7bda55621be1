import { Injectable } from '@nestjs/common';
import { Account, TransactionRunner } from '@nestodon/domain';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowLedger, UnfollowResult } from './follow-ledger';

/**
 * Stops following an account, or withdraws the pending request. Removing the follow also
 * removes the endorsement of that account (you can only feature whom you follow).
 * Federation joins here: send Undo(Follow) to remote targets after commit.
 */
@Injectable()
export class UnfollowService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly ledger: FollowLedger,
    private readonly effects: RelationshipEffects,
  ) {}

  async call(source: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<UnfollowResult> {
    const result = await this.transactions.run((tx) =>
      this.ledger.removeFollow(source.id, target.id, tx),
    );
    if (result.unfollowed) await this.effects.unfollowed(source.id, target.id);
    return result;
  }
}
