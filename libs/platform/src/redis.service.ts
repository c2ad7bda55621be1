import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RedisConfig } from '@nestodon/config';
import Redis, { RedisOptions } from 'ioredis';

/**
 * Where a connection goes: the server of REDIS_URL, or the master the sentinels name (and, after
 * a failover, the new one: ioredis asks them again), with REDIS_URL's credentials and database.
 */
export function redisServerOptions(redis: RedisConfig): RedisOptions {
  const url = new URL(redis.url);
  const credentials: RedisOptions = {
    username: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    db: Number(url.pathname.slice(1) || 0),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  if (!redis.sentinels) {
    return { ...credentials, host: url.hostname, port: Number(url.port || 6379) };
  }
  return { ...credentials, sentinels: redis.sentinels, name: redis.sentinelMaster };
}

/**
 * Owns the Redis connections of a process. `client` runs commands with the namespace as key
 * prefix; subscribers and BullMQ need connections of their own, made here so all close together.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: Redis;
  readonly namespace: string;
  private readonly extra: Redis[] = [];
  private readonly instruments: Array<(connection: Redis) => void> = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.namespace = config.redis.namespace;
    this.client = new Redis({
      ...redisServerOptions(config.redis),
      keyPrefix: this.namespace,
      lazyConnect: false,
    });
  }

  /** A new connection without key prefix (subscribers, blocking commands, BullMQ). */
  connection(options: RedisOptions = {}): Redis {
    const connection = new Redis({ ...redisServerOptions(this.config.redis), ...options });
    this.extra.push(connection);
    for (const instrument of this.instruments) instrument(connection);
    return connection;
  }

  /** Applies `instrument` to every connection made here, present and future (metrics). */
  instrumentWith(instrument: (connection: Redis) => void): void {
    this.instruments.push(instrument);
    for (const connection of [this.client, ...this.extra]) instrument(connection);
  }

  /**
   * Deletes every key of this namespace matching `pattern` (a SCAN pattern without the
   * namespace, e.g. `feed:*`), a batch at a time so Redis is never blocked; returns how many.
   */
  async deleteMatching(pattern: string): Promise<number> {
    let deleted = 0;
    let cursor = '0';
    do {
      // SCAN sees full key names: the prefix is added to the pattern and stripped for UNLINK.
      const [next, keys] = await this.client.scan(
        cursor,
        'MATCH',
        `${this.namespace}${pattern}`,
        'COUNT',
        1000,
      );
      if (keys.length > 0) {
        deleted += await this.client.unlink(...keys.map((key) => key.slice(this.namespace.length)));
      }
      cursor = next;
    } while (cursor !== '0');
    return deleted;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(
      [this.client, ...this.extra].map((c) => c.quit().catch(() => c.disconnect())),
    );
  }
}
