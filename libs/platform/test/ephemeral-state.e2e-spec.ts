import { once } from 'node:events';
import { createServer, Server, Socket } from 'node:net';
import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig, ConfigModule } from '@nestodon/config';
import { EphemeralStateRepository } from '@nestodon/domain';
import {
  Counters,
  DatabaseModule,
  ExpiringStore,
  HealthService,
  PostgresCounters,
  PostgresExpiringStore,
  RateLimiter,
  RedisCounters,
  RedisExpiringStore,
  RedisModule,
} from '@nestodon/platform';
import { createTestEnvironment, TestEnvironment, waitFor } from '@nestodon/testing';

/**
 * Issue 16: the ports of ephemeral state, one contract run against both adapters on the real
 * servers (Redis under the file's namespace, PostgreSQL in the file's database), chosen by
 * `config.redis.enabled` as at boot.
 */
const ADAPTERS = [
  { name: 'Redis', enabled: true, store: RedisExpiringStore, counters: RedisCounters },
  { name: 'PostgreSQL', enabled: false, store: PostgresExpiringStore, counters: PostgresCounters },
];

async function boot(config: AppConfig): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(config), DatabaseModule, RedisModule],
    providers: [HealthService],
  }).compile();
  return moduleRef.init();
}

const withRedis = (config: AppConfig, enabled: boolean): AppConfig => ({
  ...config,
  redis: { ...config.redis, enabled, use: enabled ? 'always' : 'never' },
});

describe.each(ADAPTERS)('ephemeral state on $name', (adapter) => {
  let environment: TestEnvironment;
  let app: INestApplicationContext;
  let store: ExpiringStore;
  let counters: Counters;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    app = await boot(withRedis(environment.config, adapter.enabled));
    store = app.get(ExpiringStore);
    counters = app.get(Counters);
  });
  afterAll(async () => {
    await app.close();
    await environment.teardown();
  });

  it('gets the adapter the configuration chooses', () => {
    expect(store).toBeInstanceOf(adapter.store);
    expect(counters).toBeInstanceOf(adapter.counters);
  });

  describe('ExpiringStore', () => {
    it('stores, reads and deletes values', async () => {
      expect(await store.get('values:missing')).toBeNull();
      await store.set('values:a', 'one', null);
      await store.set('values:b', '{"json":true}', 60_000);
      expect(await store.get('values:a')).toBe('one');
      expect(await store.getMany(['values:b', 'values:missing', 'values:a'])).toEqual([
        '{"json":true}',
        null,
        'one',
      ]);
      expect(await store.getMany([])).toEqual([]);
      await store.set('values:a', 'two', null);
      expect(await store.get('values:a')).toBe('two');
      await store.delete('values:a', 'values:b', 'values:never-set');
      expect(await store.getMany(['values:a', 'values:b'])).toEqual([null, null]);
    });

    it('forgets a value after its time to live, and a new set replaces the expiry', async () => {
      await store.set('ttl:short', 'x', 50);
      await store.set('ttl:replaced', 'x', 50);
      await store.set('ttl:replaced', 'y', null);
      expect(await waitFor(async () => (await store.get('ttl:short')) === null)).toBe(true);
      expect(await store.get('ttl:replaced')).toBe('y');
    });

    it('sets a value only when absent, again once it expired', async () => {
      expect(await store.setIfAbsent('lock:a', 'first', 60_000)).toBe(true);
      expect(await store.setIfAbsent('lock:a', 'second', 60_000)).toBe(false);
      expect(await store.get('lock:a')).toBe('first');

      expect(await store.setIfAbsent('lock:b', 'first', 50)).toBe(true);
      expect(await waitFor(async () => (await store.get('lock:b')) === null)).toBe(true);
      expect(await store.setIfAbsent('lock:b', 'second', 60_000)).toBe(true);
      expect(await store.get('lock:b')).toBe('second');
    });

    it('lets exactly one of concurrent claims win', async () => {
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.setIfAbsent('lock:race', String(i), 60_000)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('deletes every key under a prefix, and only those', async () => {
      await store.set('cache:x:1', '1', null);
      await store.set('cache:x:2', '2', 60_000);
      await store.set('cache:y', '3', null);
      await store.set('cachex', 'kept', null);
      await store.set('other:cache:x', 'kept', null);
      expect(await store.deletePrefix('cache:x:')).toBe(2);
      expect(await store.getMany(['cache:x:1', 'cache:x:2', 'cache:y'])).toEqual([null, null, '3']);
      expect(await store.deletePrefix('cache:')).toBe(1);
      expect(await store.getMany(['cachex', 'other:cache:x'])).toEqual(['kept', 'kept']);
      expect(await store.deletePrefix('cache:')).toBe(0);
    });
  });

  describe('Counters', () => {
    const later = () => Date.now() + 60_000;

    it('counts up from one, each increment atomic', async () => {
      expect(await counters.increment('count:a', later())).toBe(1);
      expect(await counters.increment('count:a', later())).toBe(2);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => counters.increment('count:b', later())),
      );
      expect(results.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(await counters.counts(['count:b', 'count:missing', 'count:a'])).toEqual([20, 0, 2]);
      expect(await counters.counts([])).toEqual([]);
    });

    it('starts again at one once a counter expired', async () => {
      await counters.increment('count:short', Date.now() + 50);
      await counters.increment('count:short', Date.now() + 50);
      expect(await waitFor(async () => (await counters.counts(['count:short']))[0] === 0)).toBe(
        true,
      );
      expect(await counters.increment('count:short', later())).toBe(1);
    });

    it('counts distinct members, expiring them together', async () => {
      for (const member of ['a', 'b', 'a', 'c', 'b']) {
        await counters.addDistinct('distinct:x', member, later());
      }
      await counters.addDistinct('distinct:y', 'a', later());
      expect(await counters.distinctCounts(['distinct:x', 'distinct:none', 'distinct:y'])).toEqual([
        3, 0, 1,
      ]);
      // A short expiry set by the last addition holds for the members added before it.
      await counters.addDistinct('distinct:y', 'b', Date.now() + 50);
      expect(
        await waitFor(async () => (await counters.distinctCounts(['distinct:y']))[0] === 0),
      ).toBe(true);
      expect(await counters.distinctCounts([])).toEqual([]);
    });

    it('forgets counters and distinct counts', async () => {
      await counters.increment('forget:count', later());
      await counters.addDistinct('forget:distinct', 'a', later());
      await counters.delete('forget:count', 'forget:distinct');
      expect(await counters.counts(['forget:count'])).toEqual([0]);
      expect(await counters.distinctCounts(['forget:distinct'])).toEqual([0]);
    });
  });

  describe('RateLimiter', () => {
    const rule = { family: 'contract', limit: 3, periodSeconds: 300 };

    it('allows the limit per window, then refuses until reset', async () => {
      const now = Date.now();
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await app.get(RateLimiter).hit(rule, 'client', now));
      expect(hits.map((hit) => [hit.allowed, hit.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
      ]);
      const windowStart = Math.floor(now / 300_000) * 300_000;
      expect(hits[0].resetAt.getTime()).toBe(windowStart + 300_000);
      expect((await app.get(RateLimiter).hit(rule, 'another', now)).allowed).toBe(true);
      await app.get(RateLimiter).reset(rule, 'client', now);
      expect((await app.get(RateLimiter).hit(rule, 'client', now)).remaining).toBe(2);
      // The next window starts from nothing.
      expect((await app.get(RateLimiter).hit(rule, 'another', now + 300_000)).remaining).toBe(2);
    });
  });
});

describe('ephemeral state without Redis', () => {
  let environment: TestEnvironment;
  let listener: Server;
  const connections: Socket[] = [];

  beforeAll(async () => {
    environment = await createTestEnvironment();
    // Where Redis would be: a listener that counts connections and answers nothing.
    listener = createServer((socket) => connections.push(socket)).listen(0, '127.0.0.1');
    await once(listener, 'listening');
  });
  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    listener.close();
    await environment.teardown();
  });

  it('opens no Redis connection, and readiness checks PostgreSQL only', async () => {
    const { port } = listener.address() as { port: number };
    const config = withRedis(environment.config, false);
    const app = await boot({
      ...config,
      redis: { ...config.redis, url: `redis://127.0.0.1:${port}/0` },
    });
    try {
      await app.get(ExpiringStore).set('k', 'v', 1000);
      await app.get(Counters).increment('c', Date.now() + 1000);
      await app.get(RateLimiter).hit({ family: 'f', limit: 1, periodSeconds: 1 }, 'd');
      const health = app.get(HealthService);
      expect(await health.readiness()).toEqual({ ready: true, checks: { postgres: true } });
      expect(await health.check()).toEqual({ healthy: true, postgres: true });
    } finally {
      await app.close();
    }
    expect(connections).toHaveLength(0);
  });

  it('purges expired rows, keeping live ones', async () => {
    const app = await boot(withRedis(environment.config, false));
    try {
      const state = app.get(EphemeralStateRepository);
      await state.put('purge:gone', 'x', new Date(Date.now() - 1000));
      await state.put('purge:kept', 'x', new Date(Date.now() + 60_000));
      await state.put('purge:forever', 'x', null);
      await state.addMember('purge:set', 'a', new Date(Date.now() - 1000));
      expect(await state.purgeExpired()).toBeGreaterThanOrEqual(2);
      expect([
        ...(await state.values(['purge:gone', 'purge:kept', 'purge:forever'])).keys(),
      ]).toEqual(expect.arrayContaining(['purge:kept', 'purge:forever']));
      expect(await state.memberCounts(['purge:set'])).toEqual(new Map());
    } finally {
      await app.close();
    }
  });
});
