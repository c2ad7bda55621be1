/**
 * The port of short-lived values by key (sessions, locks, idempotency keys, caches, small
 * remembered facts), each with an optional time to live. Redis in production
 * (`RedisExpiringStore`), a PostgreSQL table without Redis (`PostgresExpiringStore`); the
 * adapter is chosen at boot (`EPHEMERAL_PROVIDERS`).
 */
export abstract class ExpiringStore {
  /** The value at `key`, or null when there is none or it expired. */
  abstract get(key: string): Promise<string | null>;

  /** The values of `keys`, in their order (null for missing ones). */
  abstract getMany(keys: readonly string[]): Promise<Array<string | null>>;

  /** Stores `value` at `key`, for `ttlMs` or (null) until deleted. */
  abstract set(key: string, value: string, ttlMs: number | null): Promise<void>;

  /** Stores `value` unless `key` holds one (a lock, a claim); whether it did. */
  abstract setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;

  abstract delete(...keys: string[]): Promise<void>;

  /** Deletes every key starting with `prefix` (`cache clear`); how many there were. */
  abstract deletePrefix(prefix: string): Promise<number>;
}
