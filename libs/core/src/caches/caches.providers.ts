import { Provider } from '@nestjs/common';
import { AuthRowsBroadcast } from './auth-rows-broadcast';
import { CacheInvalidator } from './cache-invalidator';
import { ClearCacheService } from './clear-cache.service';

/** The caches feature's providers, registered by CoreModule. */
export const CACHES_PROVIDERS: Provider[] = [
  AuthRowsBroadcast,
  CacheInvalidator,
  ClearCacheService,
];
