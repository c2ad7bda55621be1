import { Injectable } from '@nestjs/common';
import { RedisService } from './redis.service';

export interface RateLimitRule {
  /** Name of the bucket family, e.g. "sign_up". */
  family: string;
  limit: number;
  periodSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** Fixed-window counters in Redis (as rack-attack), one INCR per hit. */
@Injectable()
export class RateLimiter {
  constructor(private readonly redis: RedisService) {}

  async hit(
    rule: RateLimitRule,
    discriminator: string,
    now = Date.now(),
  ): Promise<RateLimitResult> {
    const period = rule.periodSeconds * 1000;
    const windowStart = Math.floor(now / period) * period;
    const key = `ratelimit:${rule.family}:${discriminator}:${windowStart}`;
    const [[, count]] = (await this.redis.client
      .multi()
      .incr(key)
      .pexpire(key, period + 1000)
      .exec()) as [[Error | null, number], unknown];
    return {
      allowed: count <= rule.limit,
      limit: rule.limit,
      remaining: Math.max(0, rule.limit - count),
      resetAt: new Date(windowStart + period),
    };
  }

  /** Forget a discriminator's hits (e.g. after a successful sign-in). */
  async reset(rule: RateLimitRule, discriminator: string, now = Date.now()): Promise<void> {
    const period = rule.periodSeconds * 1000;
    const windowStart = Math.floor(now / period) * period;
    await this.redis.client.del(`ratelimit:${rule.family}:${discriminator}:${windowStart}`);
  }
}
