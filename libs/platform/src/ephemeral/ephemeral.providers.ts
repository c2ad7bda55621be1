import { Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { EphemeralStateRepository } from '@nestodon/domain';
import { RedisService } from '../redis.service';
import { Counters } from './counters';
import { EphemeralPurge } from './ephemeral-purge';
import { ExpiringStore } from './expiring-store';
import { PostgresCounters } from './postgres-counters';
import { PostgresExpiringStore } from './postgres-expiring-store';
import { RedisCounters } from './redis-counters';
import { RedisExpiringStore } from './redis-expiring-store';

const ADAPTER_DEPENDENCIES = [APP_CONFIG, RedisService, EphemeralStateRepository];

/**
 * The one place where the ephemeral-state ports get their adapter: Redis when
 * `config.redis.enabled` (USE_REDIS, settled at boot), PostgreSQL otherwise.
 */
export const EPHEMERAL_PROVIDERS: Provider[] = [
  {
    provide: ExpiringStore,
    inject: ADAPTER_DEPENDENCIES,
    useFactory: (config: AppConfig, redis: RedisService, state: EphemeralStateRepository) =>
      config.redis.enabled ? new RedisExpiringStore(redis) : new PostgresExpiringStore(state),
  },
  {
    provide: Counters,
    inject: ADAPTER_DEPENDENCIES,
    useFactory: (config: AppConfig, redis: RedisService, state: EphemeralStateRepository) =>
      config.redis.enabled ? new RedisCounters(redis) : new PostgresCounters(state),
  },
  EphemeralPurge,
];
