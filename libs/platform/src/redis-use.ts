import { AppConfig } from '@nestodon/config';
import { answers } from './net-probe';

/**
 * Settles USE_REDIS=auto once, before a process builds its modules: Redis when it is configured
 * (REDIS_URL or sentinels) or something answers at the default address, PostgreSQL-backed
 * adapters otherwise. The answer is also written to the environment so child processes and a
 * reloaded configuration agree with it.
 */
export async function resolveRedisUse(config: AppConfig): Promise<AppConfig> {
  if (config.redis.use !== 'auto') return config;
  const configured = Boolean(process.env.REDIS_URL || config.redis.sentinels);
  const { hostname, port } = new URL(config.redis.url);
  const enabled = configured || (await answers(hostname, Number(port || 6379)));
  const use = enabled ? 'always' : 'never';
  process.env.USE_REDIS = use;
  return { ...config, redis: { ...config.redis, enabled, use } };
}
