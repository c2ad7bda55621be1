import { Injectable } from '@nestjs/common';
import { Account, FollowRecommendationRepository } from '@nestodon/domain';

/** Reads of staff's recommended accounts (`recommendations list` of the CLI). */
@Injectable()
export class RecommendedAccountQueries {
  constructor(private readonly recommendations: FollowRecommendationRepository) {}

  /** In the order they were recommended. */
  list(): Promise<Account[]> {
    return this.recommendations.recommendedAccounts();
  }
}
