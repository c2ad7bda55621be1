/**
 * The port of counters by key (rate limits, weekly activity, daily hashtag uses) and of
 * distinct counts (accounts using a hashtag, days a server failed), each kept until a given
 * time. Redis in production (`RedisCounters`: INCR and HyperLogLog), PostgreSQL tables
 * without Redis (`PostgresCounters`); the adapter is chosen at boot (`EPHEMERAL_PROVIDERS`).
 */
export abstract class Counters {
  /** Adds one to the counter at `key`, kept until `expiresAt` (ms since epoch); the new count. */
  abstract increment(key: string, expiresAt: number): Promise<number>;

  /** The counts at `keys`, in their order (0 for missing ones). */
  abstract counts(keys: readonly string[]): Promise<number[]>;

  /** Counts `member` once at `key`, kept (all of its members) until `expiresAt`. */
  abstract addDistinct(key: string, member: string, expiresAt: number): Promise<void>;

  /** How many distinct members each key counted, in their order. */
  abstract distinctCounts(keys: readonly string[]): Promise<number[]>;

  /** Forgets the counters and distinct counts at `keys`. */
  abstract delete(...keys: string[]): Promise<void>;
}
