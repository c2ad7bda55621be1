import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, ValidationError } from '@nestodon/domain';
import { decideEndorse } from '@nestodon/policies';
import { DataSource } from 'typeorm';
import { inRelationshipTransaction } from './relationship-transaction';

/**
 * Features an account the viewer follows on the viewer's profile (endorse, formerly pin).
 * Endorsing again changes nothing; an account you do not follow cannot be endorsed (422).
 */
@Injectable()
export class EndorseAccountService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async endorse(account: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<void> {
    await inRelationshipTransaction(this.dataSource, async (tx) => {
      // Locks the follow so an unfollow cannot slip in between the check and the insert.
      const follows: unknown[] = await tx.query(
        `SELECT 1 FROM follows WHERE account_id = $1 AND target_account_id = $2 FOR SHARE`,
        [account.id, target.id],
      );
      const outcome = decideEndorse({
        sourceId: account.id,
        targetId: target.id,
        following: follows.length > 0,
      });
      if (outcome !== 'ok') {
        throw new ValidationError(
          'Validation failed: You must be already following the person you want to endorse',
        );
      }
      await tx.query(
        `INSERT INTO account_pins (account_id, target_account_id) VALUES ($1, $2)
         ON CONFLICT (account_id, target_account_id) DO NOTHING`,
        [account.id, target.id],
      );
    });
  }
}
