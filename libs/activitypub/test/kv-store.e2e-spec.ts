import type { KvKey, KvStore } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { EphemeralStateRepository } from '@nestodon/domain';
import { createTestEnvironment, TestEnvironment, waitFor } from '@nestodon/testing';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { PostgresKvStore } from '../src/federation/postgres-kv-store';
import { RedisKvStore } from '../src/federation/redis-kv-store';

/**
 * Fedify's key–value store (issue 16): one contract run against both adapters on the real
 * servers, Redis under the file's namespace and PostgreSQL in the file's database.
 */
interface Subject {
  store: KvStore;
  close(): Promise<void>;
}

const ADAPTERS: Array<{ name: string; open(environment: TestEnvironment): Promise<Subject> }> = [
  {
    name: 'RedisKvStore',
    async open(environment) {
      const { url, namespace } = environment.config.redis;
      const redis = new Redis(url, { keyPrefix: namespace });
      return { store: new RedisKvStore(redis, namespace), close: async () => redis.disconnect() };
    },
  },
  {
    name: 'PostgresKvStore',
    async open(environment) {
      const dataSource = await new DataSource({
        type: 'postgres',
        url: environment.database.url,
      }).initialize();
      return {
        store: new PostgresKvStore(new EphemeralStateRepository(dataSource)),
        close: () => dataSource.destroy(),
      };
    },
  },
];

describe.each(ADAPTERS)('$name', (adapter) => {
  let environment: TestEnvironment;
  let subject: Subject;
  let store: KvStore;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    subject = await adapter.open(environment);
    store = subject.store;
  });
  afterAll(async () => {
    await subject.close();
    await environment.teardown();
  });

  it('stores JSON values under array keys', async () => {
    const key: KvKey = ['_fedify', 'remoteDocument', 'https://a.example/x?y=1'];
    await store.set(key, { a: [1, 'b'] });
    expect(await store.get(key)).toEqual({ a: [1, 'b'] });
    expect(await store.get(['_fedify', 'remoteDocument', 'missing'])).toBeUndefined();
    await store.set(key, 'replaced');
    expect(await store.get(key)).toBe('replaced');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
  });

  it('expires values after their time to live', async () => {
    await store.set(['ttl', 'short'], 1, { ttl: Temporal.Duration.from({ milliseconds: 50 }) });
    await store.set(['ttl', 'long'], 2, { ttl: Temporal.Duration.from({ seconds: 30 }) });
    expect(await waitFor(async () => (await store.get(['ttl', 'short'])) === undefined)).toBe(true);
    expect(await store.get(['ttl', 'long'])).toBe(2);
  });

  it('compares and swaps, absent and expired values included', async () => {
    expect(await store.cas!(['cas'], undefined, { n: 1 })).toBe(true);
    expect(await store.cas!(['cas'], undefined, { n: 2 })).toBe(false);
    expect(await store.cas!(['cas'], { n: 1 }, { n: 3 })).toBe(true);
    expect(await store.cas!(['cas'], { n: 1 }, { n: 4 })).toBe(false);
    expect(await store.get(['cas'])).toEqual({ n: 3 });

    const short = { ttl: Temporal.Duration.from({ milliseconds: 50 }) };
    expect(await store.cas!(['cas', 'expiring'], undefined, 'a', short)).toBe(true);
    expect(await waitFor(async () => (await store.get(['cas', 'expiring'])) === undefined)).toBe(
      true,
    );
    expect(await store.cas!(['cas', 'expiring'], 'a', 'b')).toBe(false);
    expect(await store.cas!(['cas', 'expiring'], undefined, 'c')).toBe(true);
  });

  it('lets one of concurrent swaps win', async () => {
    const swaps = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.cas!(['race'], undefined, i)),
    );
    expect(swaps.filter(Boolean)).toHaveLength(1);
  });

  it('lists the entries under a prefix, whole segments only', async () => {
    await store.set(['list', 'a'], 1);
    await store.set(['list', 'b', 'c'], 2);
    await store.set(['listing'], 3);
    await store.set(['list*'], 4);
    await store.set(['list', 'gone'], 5, { ttl: Temporal.Duration.from({ milliseconds: 1 }) });
    expect(await waitFor(async () => (await store.get(['list', 'gone'])) === undefined)).toBe(true);
    const listed = [];
    for await (const entry of store.list!(['list'])) listed.push(entry);
    expect(listed.sort((x, y) => x.key.join().localeCompare(y.key.join()))).toEqual([
      { key: ['list', 'a'], value: 1 },
      { key: ['list', 'b', 'c'], value: 2 },
    ]);
    const all = [];
    for await (const entry of store.list!()) all.push(entry.key.join('/'));
    expect(all).toEqual(expect.arrayContaining(['list/a', 'listing', 'list*', 'cas']));
  });
});

describe('RedisKvStore keys', () => {
  let environment: TestEnvironment;

  beforeAll(async () => {
    environment = await createTestEnvironment();
  });
  afterAll(() => environment.teardown());

  it('are in the namespace, with their expiry on the Redis key', async () => {
    const { url, namespace } = environment.config.redis;
    const redis = new Redis(url);
    try {
      const store = new RedisKvStore(new Redis(url, { keyPrefix: namespace }), namespace);
      await store.set(['a', 'https://a.example/x?y=1'], 1, {
        ttl: Temporal.Duration.from({ seconds: 30 }),
      });
      const stored = `${namespace}fedify/a/${encodeURIComponent('https://a.example/x?y=1')}`;
      const ttl = await redis.pttl(stored);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30_000);
    } finally {
      redis.disconnect();
    }
  });
});
