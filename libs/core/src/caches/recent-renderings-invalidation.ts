import { Injectable } from '@nestjs/common';
import { RenderedStatusCache } from '@nestodon/serializers';
import { CacheInvalidator, CacheTopic } from './cache-invalidator';

/**
 * `cache clear` reaches the rendered statuses each process holds parsed. Nothing else needs
 * to: their keys move with every write, so they never go stale.
 */
@Injectable()
export class RecentRenderingsInvalidation {
  constructor(invalidator: CacheInvalidator, cache: RenderedStatusCache) {
    invalidator.onInvalidate(CacheTopic.RenderedStatuses, () => cache.forgetRecent());
  }
}
