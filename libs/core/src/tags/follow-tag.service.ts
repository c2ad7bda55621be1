import { Injectable } from '@nestjs/common';
import {
  Account,
  RateLimitExceededError,
  RecordNotFoundError,
  Tag,
  TagFollowRepository,
} from '@nestodon/domain';
import { RateLimiter } from '@nestodon/platform';
import { FOLLOW_RATE_LIMIT } from '../relationships/follow.service';
import { FindOrCreateTagsService } from './find-or-create-tags.service';
import { TagQueries } from './tag-queries';

/**
 * Follows a hashtag (its posts come to the home feed), creating the tag if needed. Following
 * again changes nothing. Not a hashtag name: 404. New follows count against the daily follow
 * limit like account follows.
 */
@Injectable()
export class FollowTagService {
  constructor(
    private readonly tags: TagQueries,
    private readonly findOrCreateTags: FindOrCreateTagsService,
    private readonly tagFollows: TagFollowRepository,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async call(account: Pick<Account, 'id'>, name: string): Promise<Tag> {
    const existing = await this.tags.byName(name);
    if (existing && (await this.tagFollows.isFollowing(account.id, existing.id))) return existing;
    const tag = existing ?? (await this.findOrCreateTags.call([name]))[0];
    if (!tag) throw new RecordNotFoundError();
    const hit = await this.rateLimiter.hit(FOLLOW_RATE_LIMIT, `account:${account.id}`);
    if (!hit.allowed) throw new RateLimitExceededError(hit.resetAt);
    await this.tagFollows.insertTagFollow(account.id, tag.id);
    return tag;
  }
}
