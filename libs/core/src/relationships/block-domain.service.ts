import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, normalizeDomain, ValidationError } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowCounters } from './follow-counters';
import { inRelationshipTransaction } from './relationship-transaction';

/**
 * Blocks a whole domain for one user. In the same transaction, the user stops following
 * accounts there, its followers there are removed, and pending requests either way with that
 * domain are dropped (with their endorsements). Blocking again changes nothing.
 * Federation joins here: tell the removed remote followers (Reject) after commit.
 */
@Injectable()
export class BlockDomainService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly counters: FollowCounters,
    private readonly effects: RelationshipEffects,
  ) {}

  /** Returns the normalised domain. */
  async block(account: Pick<Account, 'id'>, input: string): Promise<string> {
    const domain = normalizeDomain(input);
    if (!domain) throw new ValidationError('Validation failed: Domain is not a valid domain name');
    await inRelationshipTransaction(this.dataSource, async (tx) => {
      await tx.query(
        `INSERT INTO account_domain_blocks (account_id, domain) VALUES ($1, $2)
         ON CONFLICT (account_id, domain) DO NOTHING`,
        [account.id, domain],
      );
      const [severed]: [Array<{ account_id: string; target_account_id: string }>, number] =
        await tx.query(
          `DELETE FROM follows f USING accounts a
            WHERE a.domain = $2
              AND ((f.account_id = $1 AND f.target_account_id = a.id)
                OR (f.target_account_id = $1 AND f.account_id = a.id))
            RETURNING f.account_id, f.target_account_id`,
          [account.id, domain],
        );
      await this.counters.apply(
        tx,
        severed.map((row) => ({
          accountId: String(row.account_id),
          targetAccountId: String(row.target_account_id),
        })),
        -1,
      );
      for (const table of ['follow_requests', 'account_pins']) {
        await tx.query(
          `DELETE FROM ${table} r USING accounts a
            WHERE a.domain = $2
              AND ((r.account_id = $1 AND r.target_account_id = a.id)
                OR (r.target_account_id = $1 AND r.account_id = a.id))`,
          [account.id, domain],
        );
      }
    });
    await this.effects.domainBlocked(account.id, domain);
    return domain;
  }
}
