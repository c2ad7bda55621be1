import { Injectable } from '@nestjs/common';
import { Account, FeaturedTagsRepository, Tag } from '@nestodon/domain';

/** How many of the account's latest posts are searched for hashtags. */
export const RECENT_STATUSES = 1000;
export const FEATURED_TAG_SUGGESTIONS = 10;

/**
 * Hashtags to feature: the ones the account used most in its latest posts, not featured yet
 * (GET /api/v1/featured_tags/suggestions).
 */
@Injectable()
export class SuggestFeaturedTagsService {
  constructor(private readonly featuredTags: FeaturedTagsRepository) {}

  call(account: Pick<Account, 'id'>): Promise<Tag[]> {
    return this.featuredTags.mostUsedUnfeatured(
      account.id,
      RECENT_STATUSES,
      FEATURED_TAG_SUGGESTIONS,
    );
  }
}
