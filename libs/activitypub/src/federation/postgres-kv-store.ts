import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { EphemeralStateRepository } from '@nestodon/domain';
import { decodeKey, encodeKey, KV_ROOT, ttlMs } from './kv-keys';

const expiry = (options?: KvStoreSetOptions) => {
  const ttl = ttlMs(options);
  return ttl === null ? null : new Date(Date.now() + ttl);
};

/**
 * Fedify's key–value store in PostgreSQL (`ephemeral_values`), for instances without Redis:
 * the keys and JSON values RedisKvStore writes, with the same compare-and-swap (one statement)
 * and expiry.
 */
export class PostgresKvStore implements KvStore {
  constructor(private readonly state: EphemeralStateRepository) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const stored = (await this.state.values([encodeKey(key)])).get(encodeKey(key));
    return stored === undefined ? undefined : (JSON.parse(stored) as T);
  }

  set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    return this.state.put(encodeKey(key), JSON.stringify(value), expiry(options));
  }

  delete(key: KvKey): Promise<void> {
    return this.state.deleteValues([encodeKey(key)]);
  }

  readonly cas = (
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> =>
    this.state.compareAndPut(
      encodeKey(key),
      expectedValue === undefined ? null : JSON.stringify(expectedValue),
      JSON.stringify(newValue),
      expiry(options),
    );

  async *list(prefix: KvKey | [] = []): AsyncIterable<KvStoreListEntry> {
    const base = prefix.length ? encodeKey(prefix as KvKey) : KV_ROOT;
    const exact = prefix.length ? await this.state.values([base]) : new Map<string, string>();
    for (const [key, value] of exact) yield { key: decodeKey(key), value: JSON.parse(value) };
    for (const { key, value } of await this.state.valuesWithPrefix(`${base}/`)) {
      yield { key: decodeKey(key), value: JSON.parse(value) };
    }
  }
}
