import { Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { RedisService } from '@nestodon/platform';
import { RENDERED_STATUS_STORE } from '@nestodon/serializers';
import { AuthRowsBroadcast } from './auth-rows-broadcast';
import { CacheInvalidator } from './cache-invalidator';
import { ClearCacheService } from './clear-cache.service';
import { RecentRenderingsInvalidation } from './recent-renderings-invalidation';
import { RedisRenderedStatusStore } from './redis-rendered-status-store';

/** The caches feature's providers, registered by CoreModule. */
export const CACHES_PROVIDERS: Provider[] = [
  AuthRowsBroadcast,
  CacheInvalidator,
  ClearCacheService,
  RecentRenderingsInvalidation,
  // Rendered statuses are kept in Redis only: without it, rendering is cheaper than a table.
  {
    provide: RENDERED_STATUS_STORE,
    inject: [APP_CONFIG, RedisService],
    useFactory: (config: AppConfig, redis: RedisService) =>
      config.redis.enabled ? new RedisRenderedStatusStore(redis) : null,
  },
];
