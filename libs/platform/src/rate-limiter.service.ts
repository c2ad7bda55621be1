import { Injectable } from '@nestjs/common';
import { Counters } from './ephemeral/counters';

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

/**
 * Fixed-window counters (as rack-attack): one atomic increment per hit, in Redis or, without
 * it, one upsert in PostgreSQL (`Counters`).
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly counters: Counters) {}

  async hit(
    rule: RateLimitRule,
    discriminator: string,
    now = Date.now(),
  ): Promise<RateLimitResult> {
    const period = rule.periodSeconds * 1000;
    const windowStart = Math.floor(now / period) * period;
    const key = `ratelimit:${rule.family}:${discriminator}:${windowStart}`;
    const count = await this.counters.increment(key, windowStart + period + 1000);
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
    await this.counters.delete(`ratelimit:${rule.family}:${discriminator}:${windowStart}`);
  }
}
