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
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Blocks an account. In the same transaction: follows both ways end (counters adjusted),
 * pending requests both ways are dropped, endorsements both ways go, and each disappears from
 * the other's suggestions (their interaction scores are forgotten; suggestions also exclude
 * blocks either way). Blocking yourself does nothing, as in Mastodon.
 * A remote target is sent the Block after commit (ActivityOutbox); its server ends the follows
 * on its side, as Mastodon's does; feeds/notifications cleanup joins here too.
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
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    source: Pick<Account, 'id' | 'domain'>,
    target: Pick<Account, 'id' | 'domain'>,
  ): Promise<void> {
    if (source.id === target.id) return;
    const blockId = await this.transactions.run(async (tx) => {
      await this.ledger.severBetween(source.id, target.id, tx);
      await this.follows.deleteFollowRequestsBetween(source.id, target.id, tx);
      await this.endorsements.deleteEndorsementsBetween(source.id, target.id, tx);
      await this.interactions.deleteInteractionsBetween(source.id, target.id, tx);
      return this.blocks.insertBlock(source.id, target.id, tx);
    });
    await this.effects.blocked(source.id, target.id);
    if (blockId) await this.outbox.changeBlock('block', source, target, blockId);
  }
}
