import { TEST_REDIS_URL } from '@nestodon/testing';
import { RedisConnection } from 'bullmq';
import Redis from 'ioredis';
import { ClosableConnection } from './closable-connection';

describe('ClosableConnection', () => {
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  });
  afterAll(() => redis.quit());

  it('drops an error emitted after closing removed its listeners, where BullMQ’s would throw', async () => {
    const closable = new ClosableConnection(redis, { shared: true });
    const plain = new RedisConnection(redis, { shared: true });
    await Promise.all([closable.close(), plain.close()]);
    expect(closable.emit('error', new Error('Connection is closed.'))).toBe(false);
    expect(() => plain.emit('error', new Error('Connection is closed.'))).toThrow(
      'Connection is closed.',
    );
  });

  it('still hands errors to its listeners', () => {
    const connection = new ClosableConnection(redis, { shared: true });
    const seen: string[] = [];
    connection.on('error', (error: Error) => seen.push(error.message));
    connection.emit('error', new Error('EPIPE'));
    expect(seen).toEqual(['EPIPE']);
    return connection.close();
  });
});
