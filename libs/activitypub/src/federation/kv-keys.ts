import type { KvKey, KvStoreSetOptions } from '@fedify/fedify';

/** First segment of every stored key of Fedify's key–value store. */
export const KV_ROOT = 'fedify';

/** Each segment percent-encoded, so `/` separates segments and prefixes match whole segments. */
export const encodeKey = (key: KvKey) => [KV_ROOT, ...key.map(encodeURIComponent)].join('/');
export const decodeKey = (stored: string) =>
  stored.split('/').slice(1).map(decodeURIComponent) as unknown as KvKey;

/** The time to live of a `set` in milliseconds, null for none. */
export function ttlMs(options?: KvStoreSetOptions): number | null {
  if (!options?.ttl) return null;
  return Math.max(1, Math.round(options.ttl.total('millisecond')));
}
