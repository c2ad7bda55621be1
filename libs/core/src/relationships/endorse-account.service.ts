import { Injectable } from '@nestjs/common';
import {
  Account,
  EndorsementRepository,
  FollowRepository,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { decideEndorse } from '@nestodon/policies';

/**
 * Features an account the viewer follows on the viewer's profile (endorse, formerly pin).
 * Endorsing again changes nothing; an account you do not follow cannot be endorsed (422).
 */
@Injectable()
export class EndorseAccountService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly follows: FollowRepository,
    private readonly endorsements: EndorsementRepository,
  ) {}

  async call(account: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<void> {
    await this.transactions.run(async (tx) => {
      // Locks the follow so an unfollow cannot slip in between the check and the insert.
      const following = await this.follows.lockFollow(account.id, target.id, 'share', tx);
      const outcome = decideEndorse({ sourceId: account.id, targetId: target.id, following });
      if (outcome !== 'ok') {
        throw new ValidationError(
          'Validation failed: You must be already following the person you want to endorse',
        );
      }
      await this.endorsements.insertEndorsement(account.id, target.id, tx);
    });
  }
}
