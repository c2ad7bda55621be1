import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountInteractionRepository,
  FollowRecommendationRepository,
  TransactionRunner,
} from '@nestodon/domain';

/**
 * Dismisses a suggestion (DELETE /api/v1/suggestions/:account_id): the account is never
 * suggested to this user again, and their interaction score is forgotten.
 */
@Injectable()
export class DismissSuggestionService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly recommendations: FollowRecommendationRepository,
    private readonly interactions: AccountInteractionRepository,
  ) {}

  async call(account: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<void> {
    if (account.id === target.id) return;
    await this.transactions.run(async (tx) => {
      await this.recommendations.insertSuppression(account.id, target.id, tx);
      await this.interactions.deleteInteraction(account.id, target.id, tx);
    });
  }
}
