import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type Redis from 'ioredis';
import { decodeKey, encodeKey, KV_ROOT, ttlMs } from './kv-keys';

/** Swaps the value only when the stored one is the expected one (absent when ARGV[1] is empty). */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if (current == false and ARGV[1] ~= '') or (current ~= false and current ~= ARGV[2]) then
  return 0
end
if ARGV[4] ~= '' then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
else
  redis.call('SET', KEYS[1], ARGV[3])
end
return 1`;

/** SCAN patterns treat these as wildcards; encoded segments may still contain `*`. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Fedify's key–value store (remote document cache, public keys, activity idempotence,
 * signature spec memory) in our Redis, under the process's namespace. Values are JSON.
 */
export class RedisKvStore implements KvStore {
  /** `client` prefixes keys with `namespace` (ioredis keyPrefix); SCAN patterns need it spelled out. */
  constructor(
    private readonly client: Redis,
    private readonly namespace: string,
  ) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const stored = await this.client.get(encodeKey(key));
    return stored === null ? undefined : (JSON.parse(stored) as T);
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttl = ttlMs(options);
    const encoded = JSON.stringify(value);
    if (ttl) await this.client.set(encodeKey(key), encoded, 'PX', ttl);
    else await this.client.set(encodeKey(key), encoded);
  }

  async delete(key: KvKey): Promise<void> {
    await this.client.del(encodeKey(key));
  }

  readonly cas = async (
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> => {
    const swapped = await this.client.eval(
      COMPARE_AND_SET,
      1,
      encodeKey(key),
      expectedValue === undefined ? '' : '1',
      expectedValue === undefined ? '' : JSON.stringify(expectedValue),
      JSON.stringify(newValue),
      String(ttlMs(options) ?? ''),
    );
    return swapped === 1;
  };

  async *list(prefix: KvKey | [] = []): AsyncIterable<KvStoreListEntry> {
    const base = prefix.length ? encodeKey(prefix as KvKey) : KV_ROOT;
    const patterns = [`${this.namespace}${escapeGlob(base)}/*`];
    if (prefix.length) patterns.push(`${this.namespace}${escapeGlob(base)}`);
    for (const pattern of patterns) {
      let cursor = '0';
      do {
        const [next, keys] = await this.client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        cursor = next;
        const unprefixed = keys.map((stored) => stored.slice(this.namespace.length));
        const values = unprefixed.length ? await this.client.mget(...unprefixed) : [];
        for (let i = 0; i < unprefixed.length; i++) {
          if (values[i] !== null) {
            yield { key: decodeKey(unprefixed[i]), value: JSON.parse(values[i]!) };
          }
        }
      } while (cursor !== '0');
    }
  }
}
