import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowCounters } from './follow-counters';
import { inRelationshipTransaction } from './relationship-transaction';

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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly counters: FollowCounters,
    private readonly effects: RelationshipEffects,
  ) {}

  async block(source: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<void> {
    if (source.id === target.id) return;
    const pair = [source.id, target.id];
    await inRelationshipTransaction(this.dataSource, async (tx) => {
      const [severed]: [Array<{ account_id: string; target_account_id: string }>, number] =
        await tx.query(
          `DELETE FROM follows
            WHERE (account_id = $1 AND target_account_id = $2)
               OR (account_id = $2 AND target_account_id = $1)
            RETURNING account_id, target_account_id`,
          pair,
        );
      await this.counters.apply(
        tx,
        severed.map((row) => ({
          accountId: String(row.account_id),
          targetAccountId: String(row.target_account_id),
        })),
        -1,
      );
      for (const table of ['follow_requests', 'account_pins', 'account_interactions']) {
        await tx.query(
          `DELETE FROM ${table}
            WHERE (account_id = $1 AND target_account_id = $2)
               OR (account_id = $2 AND target_account_id = $1)`,
          pair,
        );
      }
      await tx.query(
        `INSERT INTO blocks (account_id, target_account_id) VALUES ($1, $2)
         ON CONFLICT (account_id, target_account_id) DO NOTHING`,
        pair,
      );
    });
    await this.effects.blocked(source.id, target.id);
  }
}
