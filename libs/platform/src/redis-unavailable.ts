import type Redis from 'ioredis';

/** Redis did not answer in time, or the connection is down: the request may be retried (503). */
export class RedisUnavailableError extends Error {
  constructor(message = 'Redis is unavailable') {
    super(message);
    this.name = 'RedisUnavailableError';
  }
}

// What ioredis rejects commands with while it cannot reach Redis (it has no error classes for
// these but MaxRetriesPerRequestError).
const IOREDIS_UNAVAILABLE = [
  'Command timed out',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
];

/** Whether an error says Redis is unreachable, rather than that a command was wrong. */
export function isRedisUnavailable(error: unknown): boolean {
  if (error instanceof RedisUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'MaxRetriesPerRequestError' || IOREDIS_UNAVAILABLE.includes(error.message);
}

/**
 * A cache command that may fail softly, as Rails' cache store does: while Redis is unavailable
 * it answers `fallback` (a miss), so reads served from PostgreSQL keep working.
 */
export async function softly<T>(command: Promise<T>, fallback: T): Promise<T> {
  try {
    return await command;
  } catch (error) {
    if (isRedisUnavailable(error)) return fallback;
    throw error;
  }
}

/** ioredis states of a connection that was lost and is not back yet. */
const LOST_STATES = new Set(['close', 'reconnecting', 'end']);

/** Whether an ioredis connection was lost and is not back (a first connection is not lost). */
export function isConnectionLost(connection: Pick<Redis, 'status'>): boolean {
  return LOST_STATES.has(connection.status);
}

/** Reconnection delay after the `attempt`th failure: quick at first, then every 2 s for good. */
export const reconnectDelay = (attempt: number): number => Math.min(attempt * 100, 2000);

/**
 * Commands wait for the first connection (boot may race Redis starting), but once connected a
 * command sent while the connection is down fails at once instead of queueing until Redis
 * returns, and would not run late, after its request has already been answered.
 */
export function failFastOnceReady(connection: Redis): void {
  connection.once('ready', () => {
    connection.options.enableOfflineQueue = false;
  });
}

/** Resolves as `promise` does, or rejects with RedisUnavailableError after `timeoutMs`. */
export async function withinRedisTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisUnavailableError('Redis did not answer')), timeoutMs);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
