import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/**
 * Dismisses a suggestion (DELETE /api/v1/suggestions/:account_id): the account is never
 * suggested to this user again, and their interaction score is forgotten.
 */
@Injectable()
export class DismissSuggestionService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async dismiss(account: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<void> {
    if (account.id === target.id) return;
    await this.dataSource.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO follow_recommendation_suppressions (account_id, target_account_id)
         VALUES ($1, $2) ON CONFLICT (account_id, target_account_id) DO NOTHING`,
        [account.id, target.id],
      );
      await tx.query(
        `DELETE FROM account_interactions WHERE account_id = $1 AND target_account_id = $2`,
        [account.id, target.id],
      );
    });
  }
}
