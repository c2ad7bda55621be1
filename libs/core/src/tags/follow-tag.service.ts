import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, RateLimitExceededError, RecordNotFoundError, Tag } from '@nestodon/domain';
import { RateLimiter } from '@nestodon/platform';
import { DataSource } from 'typeorm';
import { FOLLOW_RATE_LIMIT } from '../relationships/follow.service';
import { FindOrCreateTagsService } from './find-or-create-tags.service';

/**
 * Follows a hashtag (its posts come to the home feed), creating the tag if needed. Following
 * again changes nothing. Not a hashtag name: 404. New follows count against the daily follow
 * limit like account follows.
 */
@Injectable()
export class FollowTagService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tags: FindOrCreateTagsService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  async follow(account: Pick<Account, 'id'>, name: string): Promise<Tag> {
    const existing = await this.tags.find(name);
    if (existing) {
      const followed: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM tag_follows WHERE account_id = $1 AND tag_id = $2`,
        [account.id, existing.id],
      );
      if (followed.length > 0) return existing;
    }
    const tag = existing ?? (await this.tags.findOrCreate([name]))[0];
    if (!tag) throw new RecordNotFoundError();
    const hit = await this.rateLimiter.hit(FOLLOW_RATE_LIMIT, `account:${account.id}`);
    if (!hit.allowed) throw new RateLimitExceededError(hit.resetAt);
    await this.dataSource.query(
      `INSERT INTO tag_follows (account_id, tag_id) VALUES ($1, $2)
       ON CONFLICT (account_id, tag_id) DO NOTHING`,
      [account.id, tag.id],
    );
    return tag;
  }
}
