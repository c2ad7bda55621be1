import { loadConfig } from '@nestodon/config';
import { RedisService } from '@nestodon/platform';
import { PrivateRedis, startPrivateRedis, startPrivateSentinel } from '@nestodon/testing';

/** REDIS_SENTINELS: connections ask a real sentinel for the master and use REDIS_URL's database. */
describe('Redis through Sentinel', () => {
  let master: PrivateRedis;
  let sentinel: { port: number; stop(): Promise<void> };
  let redis: RedisService;

  beforeAll(async () => {
    master = await startPrivateRedis();
    sentinel = await startPrivateSentinel(master, 'nestodon-master');
    redis = new RedisService(
      loadConfig({
        // Nothing listens at REDIS_URL's address: only the sentinel knows where the master is.
        REDIS_URL: 'redis://127.0.0.1:1/3',
        REDIS_SENTINELS: `127.0.0.1:${sentinel.port}`,
        REDIS_SENTINEL_MASTER: 'nestodon-master',
        REDIS_NAMESPACE: 'sentinel-test',
      }),
    );
  });
  afterAll(async () => {
    await redis?.onApplicationShutdown();
    await sentinel?.stop();
    await master?.stop();
  });

  it('runs commands and pub/sub on the master the sentinel names, in the configured database', async () => {
    await redis.client.set('greeting', 'hello');
    const direct = redis.connection();
    expect(await direct.get('sentinel-test:greeting')).toBe('hello');
    expect(direct.options.db).toBe(3);
    expect(await direct.config('GET', 'port')).toEqual(['port', String(master.port)]);

    const subscriber = redis.connection();
    const received = new Promise<string>((resolve) =>
      subscriber.on('message', (_channel, message: string) => resolve(message)),
    );
    await subscriber.subscribe('sentinel-test:channel');
    await redis.client.publish('sentinel-test:channel', 'through the master');
    expect(await received).toBe('through the master');
  });
});
