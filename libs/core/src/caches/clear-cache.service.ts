import { Injectable } from '@nestjs/common';
import { ExpiringStore } from '@nestodon/platform';
import { CacheInvalidator } from './cache-invalidator';

/** Prefix of every key that only caches what PostgreSQL holds (Mastodon's `cache:`). */
export const CACHE_KEY_PREFIX = 'cache:';

/**
 * `cache clear`: drops the cache entries (in Redis, or its PostgreSQL stand-in) and makes every
 * process drop what it holds in memory (settings, instance information); everything is read
 * again from PostgreSQL. Feeds, queues, rate limits and sessions are not caches and stay.
 * Returns the entries deleted.
 */
@Injectable()
export class ClearCacheService {
  constructor(
    private readonly store: ExpiringStore,
    private readonly invalidator: CacheInvalidator,
  ) {}

  async call(): Promise<number> {
    const deleted = await this.store.deletePrefix(CACHE_KEY_PREFIX);
    await this.invalidator.announce('all');
    return deleted;
  }
}
