import { Injectable } from '@nestjs/common';
import {
  Account,
  BlockRepository,
  EndorsementRepository,
  FollowRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowLedger } from './follow-ledger';
import { requireDomain } from './require-domain';

/**
 * Blocks a whole domain for one user. In the same transaction, the user stops following
 * accounts there, its followers there are removed, and pending requests either way with that
 * domain are dropped (with their endorsements). Blocking again changes nothing.
 * Federation joins here: tell the removed remote followers (Reject) after commit.
 */
@Injectable()
export class BlockDomainService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly blocks: BlockRepository,
    private readonly follows: FollowRepository,
    private readonly endorsements: EndorsementRepository,
    private readonly ledger: FollowLedger,
    private readonly effects: RelationshipEffects,
  ) {}

  /** Returns the normalised domain. */
  async call(account: Pick<Account, 'id'>, input: string): Promise<string> {
    const domain = requireDomain(input);
    await this.transactions.run(async (tx) => {
      await this.blocks.insertDomainBlock(account.id, domain, tx);
      await this.ledger.severWithDomain(account.id, domain, tx);
      await this.follows.deleteFollowRequestsWithDomain(account.id, domain, tx);
      await this.endorsements.deleteEndorsementsWithDomain(account.id, domain, tx);
    });
    await this.effects.domainBlocked(account.id, domain);
    return domain;
  }
}
