import type { AccountJson } from './account.serializer';

/** Where a suggestion comes from (API v2 `sources`). */
export type SuggestionSource =
  | 'featured'
  | 'most_followed'
  | 'most_interactions'
  | 'similar_to_recently_followed'
  | 'friends_of_friends';

/** Mastodon's Suggestion entity (API v2). */
export interface SuggestionJson {
  /** Deprecated single source: staff, past_interactions or global. */
  source: 'staff' | 'past_interactions' | 'global';
  sources: SuggestionSource[];
  account: AccountJson;
}

const LEGACY_SOURCE: Record<SuggestionSource, SuggestionJson['source']> = {
  featured: 'staff',
  most_followed: 'global',
  most_interactions: 'past_interactions',
  similar_to_recently_followed: 'past_interactions',
  friends_of_friends: 'past_interactions',
};

export function serializeSuggestion(
  sources: SuggestionSource[],
  account: AccountJson,
): SuggestionJson {
  return { source: LEGACY_SOURCE[sources[0]], sources, account };
}

/** Mastodon's FamiliarFollowers entity. */
export interface FamiliarFollowersJson {
  id: string;
  accounts: AccountJson[];
}
