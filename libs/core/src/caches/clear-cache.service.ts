import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';
import { CacheInvalidator } from './cache-invalidator';

/** Prefix of every Redis key that only caches what PostgreSQL holds (Mastodon's `cache:`). */
export const REDIS_CACHE_PREFIX = 'cache:';

/**
 * `cache clear`: drops the Redis cache entries and makes every process drop what it holds in
 * memory (settings, instance information); everything is read again from PostgreSQL. Feeds,
 * queues, rate limits and sessions are not caches and stay. Returns the Redis keys deleted.
 */
@Injectable()
export class ClearCacheService {
  constructor(
    private readonly redis: RedisService,
    private readonly invalidator: CacheInvalidator,
  ) {}

  async call(): Promise<number> {
    const deleted = await this.redis.deleteMatching(`${REDIS_CACHE_PREFIX}*`);
    await this.invalidator.announce('all');
    return deleted;
  }
}
