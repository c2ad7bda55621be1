import { RedisService } from '../redis.service';
import { Counters } from './counters';

/** Counters as Redis integers (INCR), distinct counts as HyperLogLogs (PFADD, PFCOUNT). */
export class RedisCounters extends Counters {
  constructor(private readonly redis: RedisService) {
    super();
  }

  async increment(key: string, expiresAt: number): Promise<number> {
    const [[, count]] = (await this.redis.client
      .multi()
      .incr(key)
      .pexpireat(key, expiresAt)
      .exec()) as [[Error | null, number], unknown];
    return count;
  }

  async counts(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    return (await this.redis.client.mget(...keys)).map((value) => Number(value ?? 0));
  }

  async addDistinct(key: string, member: string, expiresAt: number): Promise<void> {
    await this.redis.client.multi().pfadd(key, member).pexpireat(key, expiresAt).exec();
  }

  async distinctCounts(keys: readonly string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const pipeline = this.redis.client.pipeline();
    for (const key of keys) pipeline.pfcount(key);
    const replies = (await pipeline.exec()) ?? [];
    return replies.map(([error, count]) => {
      if (error) throw error;
      return Number(count);
    });
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.redis.client.del(...keys);
  }
}
