import { Injectable } from '@nestjs/common';
import { Account, AccountRepository, FollowRecommendationRepository } from '@nestodon/domain';
import type { SuggestionSource } from '@nestodon/serializers';
import { INTERACTION_WINDOW_DAYS } from './record-interaction.service';

export interface AccountSuggestion {
  account: Account;
  sources: SuggestionSource[];
}

/** "Recently active" for the cold-start list: posted or signed in within this many days. */
export const ACTIVE_WITHIN_DAYS = 30;

/**
 * Whom to follow, best first, in three tiers (Mastodon's order of sources):
 *  1. `featured`: accounts staff recommend (recommended_accounts), in the order they were added;
 *  2. `most_interactions`: accounts the user recently replied to (1), favourited (10) or
 *     reblogged (20), by score (account_interactions, fed by RecordInteractionService);
 *  3. `most_followed`: the cold-start list, popular and recently active discoverable local
 *     accounts by follower count, filling what the user's own history does not.
 * An account found by several tiers is listed once with every source. One query per tier.
 */
@Injectable()
export class SuggestAccountsService {
  constructor(
    private readonly recommendations: FollowRecommendationRepository,
    private readonly accounts: AccountRepository,
  ) {}

  async call(account: Pick<Account, 'id'>, limit: number): Promise<AccountSuggestion[]> {
    const ranked = new Map<string, SuggestionSource[]>();
    const add = (ids: string[], source: SuggestionSource) => {
      for (const id of ids) {
        const sources = ranked.get(id);
        if (sources) sources.push(source);
        else if (ranked.size < limit) ranked.set(id, [source]);
      }
    };
    add(await this.recommendations.featuredFor(account.id, limit), 'featured');
    add(
      await this.recommendations.mostInteractedFor(account.id, limit, INTERACTION_WINDOW_DAYS),
      'most_interactions',
    );
    if (ranked.size < limit) {
      add(
        await this.recommendations.mostFollowedFor(account.id, limit, ACTIVE_WITHIN_DAYS),
        'most_followed',
      );
    }

    const accounts = await this.accounts.findByIds([...ranked.keys()]);
    return accounts.map((found) => ({ account: found, sources: ranked.get(String(found.id))! }));
  }
}
