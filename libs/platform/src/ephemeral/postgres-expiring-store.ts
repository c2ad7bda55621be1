import { EphemeralStateRepository } from '@nestodon/domain';
import { ExpiringStore } from './expiring-store';

const expiry = (ttlMs: number | null) => (ttlMs === null ? null : new Date(Date.now() + ttlMs));

/** ExpiringStore on the `ephemeral_values` table, for instances without Redis. */
export class PostgresExpiringStore extends ExpiringStore {
  constructor(private readonly state: EphemeralStateRepository) {
    super();
  }

  async get(key: string): Promise<string | null> {
    return (await this.state.values([key])).get(key) ?? null;
  }

  async getMany(keys: readonly string[]): Promise<Array<string | null>> {
    const values = await this.state.values(keys);
    return keys.map((key) => values.get(key) ?? null);
  }

  set(key: string, value: string, ttlMs: number | null): Promise<void> {
    return this.state.put(key, value, expiry(ttlMs));
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.state.putIfAbsent(key, value, expiry(ttlMs));
  }

  delete(...keys: string[]): Promise<void> {
    return this.state.deleteValues(keys);
  }

  deletePrefix(prefix: string): Promise<number> {
    return this.state.deleteValuesWithPrefix(prefix);
  }
}
