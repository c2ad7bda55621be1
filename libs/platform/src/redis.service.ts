import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, RedisConfig } from '@nestodon/config';
import Redis, { RedisOptions } from 'ioredis';
import { failFastOnceReady, reconnectDelay } from './redis-unavailable';

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

/** Options of connections whose commands run on the request path (see `failFast`). */
export interface ConnectionOptions extends RedisOptions {
  /**
   * Commands fail within the command timeout during an outage instead of waiting for Redis to
   * come back. Not for blocking commands (BullMQ consumers), whose waits are long by design.
   */
  failFast?: boolean;
}

/**
 * Owns the Redis connections of a process. `client` runs commands with the namespace as key
 * prefix; subscribers and BullMQ need connections of their own, made here so all close together.
 * During an outage every connection reconnects by itself (at most every 2 s) and logs the loss
 * once and the recovery once; commands of `client` fail fast, so requests answer 503 at once.
 * Without Redis (`config.redis.enabled` false) nothing connects until something asks for a
 * connection: the PostgreSQL adapters serve the duties instead.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');
  readonly namespace: string;
  private commandClient?: Redis;
  private readonly extra: Redis[] = [];
  private readonly instruments: Array<(connection: Redis) => void> = [];
  private closing = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.namespace = config.redis.namespace;
    // With Redis, connect at boot: the first request should not wait for it.
    if (config.redis.enabled) this.commandClient = this.openClient();
  }

  /** The command connection, keys prefixed with the namespace. */
  get client(): Redis {
    return (this.commandClient ??= this.openClient());
  }

  private openClient(): Redis {
    const client = this.open('client', { keyPrefix: this.namespace, failFast: true });
    for (const instrument of this.instruments) instrument(client);
    return client;
  }

  /** Every connection opened so far. */
  private get connections(): Redis[] {
    return this.commandClient ? [this.commandClient, ...this.extra] : this.extra;
  }

  /** A new connection without key prefix (subscribers, blocking commands, BullMQ). */
  connection(options: ConnectionOptions = {}, name = 'connection'): Redis {
    const connection = this.open(name, options);
    this.extra.push(connection);
    for (const instrument of this.instruments) instrument(connection);
    return connection;
  }

  /** Applies `instrument` to every connection made here, present and future (metrics). */
  instrumentWith(instrument: (connection: Redis) => void): void {
    this.instruments.push(instrument);
    for (const connection of this.connections) instrument(connection);
  }

  private open(name: string, { failFast, ...options }: ConnectionOptions): Redis {
    const connection = new Redis({
      ...redisServerOptions(this.config.redis),
      retryStrategy: reconnectDelay,
      ...(failFast
        ? { commandTimeout: this.config.redis.commandTimeoutMs, maxRetriesPerRequest: 1 }
        : {}),
      ...options,
    });
    if (failFast) failFastOnceReady(connection);
    this.reportOutages(connection, name);
    return connection;
  }

  /**
   * One JSON log line when a connection is lost and one when it is back, instead of ioredis'
   * `Unhandled error event` for every reconnection attempt.
   */
  private reportOutages(connection: Redis, name: string): void {
    let lost = false;
    connection.on('error', (error: Error) => {
      // While closing, a write caught between QUIT and the socket's end (EPIPE) is expected.
      if (lost || this.closing) return;
      lost = true;
      this.logger.error(`Redis ${name} unreachable, reconnecting: ${error.message}`);
    });
    connection.on('ready', () => {
      if (!lost) return;
      lost = false;
      this.logger.log(`Redis ${name} reconnected`);
    });
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
    this.closing = true;
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
