import { Global, Module } from '@nestjs/common';
import { Counters } from './ephemeral/counters';
import { EPHEMERAL_PROVIDERS } from './ephemeral/ephemeral.providers';
import { ExpiringStore } from './ephemeral/expiring-store';
import { RateLimiter } from './rate-limiter.service';
import { RedisService } from './redis.service';

/**
 * Redis connections and the ports of ephemeral state (values with expiry, counters, rate
 * limits), served by Redis or, without it, by PostgreSQL (`EPHEMERAL_PROVIDERS`).
 */
@Global()
@Module({
  providers: [RedisService, RateLimiter, ...EPHEMERAL_PROVIDERS],
  exports: [RedisService, RateLimiter, ExpiringStore, Counters],
})
export class RedisModule {}
