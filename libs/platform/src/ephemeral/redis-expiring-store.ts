import { RedisService } from '../redis.service';
import { ExpiringStore } from './expiring-store';

/** ExpiringStore on Redis strings with PX expiry, under the process's namespace. */
export class RedisExpiringStore extends ExpiringStore {
  constructor(private readonly redis: RedisService) {
    super();
  }

  get(key: string): Promise<string | null> {
    return this.redis.client.get(key);
  }

  async getMany(keys: readonly string[]): Promise<Array<string | null>> {
    return keys.length === 0 ? [] : this.redis.client.mget(...keys);
  }

  async set(key: string, value: string, ttlMs: number | null): Promise<void> {
    if (ttlMs === null) await this.redis.client.set(key, value);
    else await this.redis.client.set(key, value, 'PX', ttlMs);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.client.set(key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.client.del(...keys);
  }

  deletePrefix(prefix: string): Promise<number> {
    return this.redis.deleteMatching(`${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`);
  }
}
