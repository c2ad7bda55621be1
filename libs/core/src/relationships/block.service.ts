import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountInteractionRepository,
  BlockRepository,
  EndorsementRepository,
  FollowRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowLedger } from './follow-ledger';

/**
 * Blocks an account. In the same transaction: follows both ways end (counters adjusted),
 * pending requests both ways are dropped, endorsements both ways go, and each disappears from
 * the other's suggestions (their interaction scores are forgotten; suggestions also exclude
 * blocks either way). Blocking yourself does nothing, as in Mastodon.
 * Federation joins here: send Block (and Undo(Follow)/Reject) to a remote target after commit;
 * feeds/notifications cleanup joins here too.
 */
@Injectable()
export class BlockService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly blocks: BlockRepository,
    private readonly follows: FollowRepository,
    private readonly endorsements: EndorsementRepository,
    private readonly interactions: AccountInteractionRepository,
    private readonly ledger: FollowLedger,
    private readonly effects: RelationshipEffects,
  ) {}

  async call(source: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<void> {
    if (source.id === target.id) return;
    await this.transactions.run(async (tx) => {
      await this.ledger.severBetween(source.id, target.id, tx);
      await this.follows.deleteFollowRequestsBetween(source.id, target.id, tx);
      await this.endorsements.deleteEndorsementsBetween(source.id, target.id, tx);
      await this.interactions.deleteInteractionsBetween(source.id, target.id, tx);
      await this.blocks.insertBlock(source.id, target.id, tx);
    });
    await this.effects.blocked(source.id, target.id);
  }
}
