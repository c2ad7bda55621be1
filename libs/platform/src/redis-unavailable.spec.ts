import {
  isConnectionLost,
  isRedisUnavailable,
  RedisUnavailableError,
  withinRedisTimeout,
} from './redis-unavailable';

describe('isRedisUnavailable', () => {
  it('recognises what ioredis rejects commands with while Redis is away', () => {
    expect(isRedisUnavailable(new Error('Command timed out'))).toBe(true);
    expect(
      isRedisUnavailable(
        new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      ),
    ).toBe(true);
    expect(isRedisUnavailable(new Error('Connection is closed.'))).toBe(true);
    const retries = Object.assign(new Error('Reached the max retries per request limit'), {
      name: 'MaxRetriesPerRequestError',
    });
    expect(isRedisUnavailable(retries)).toBe(true);
    expect(isRedisUnavailable(new RedisUnavailableError())).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isRedisUnavailable(new Error('WRONGTYPE Operation against a key'))).toBe(false);
    expect(isRedisUnavailable('Command timed out')).toBe(false);
    expect(isRedisUnavailable(undefined)).toBe(false);
  });
});

describe('withinRedisTimeout', () => {
  it('answers in time or fails as unavailable', async () => {
    await expect(withinRedisTimeout(Promise.resolve(1), 50)).resolves.toBe(1);
    await expect(withinRedisTimeout(new Promise(() => undefined), 20)).rejects.toBeInstanceOf(
      RedisUnavailableError,
    );
  });
});

describe('isConnectionLost', () => {
  it('is true once a connection dropped, not while it first connects or is up', () => {
    for (const status of ['close', 'reconnecting', 'end'] as const) {
      expect(isConnectionLost({ status })).toBe(true);
    }
    for (const status of ['wait', 'connecting', 'connect', 'ready'] as const) {
      expect(isConnectionLost({ status })).toBe(false);
    }
  });
});
