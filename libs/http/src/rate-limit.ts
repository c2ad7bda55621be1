import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  HttpException,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { RateLimiter, RateLimitResult, RateLimitRule } from '@nestodon/platform';
import type { Request, Response } from 'express';

const RATE_LIMIT_KEY = 'nestodon:rate-limit';

export interface RouteRateLimit extends RateLimitRule {
  /** Count per client IP, or per signed-in account (falling back to IP). */
  by: 'ip' | 'account';
}

/** Mastodon's reset format: ISO 8601 with six fractional digits. */
const resetHeader = (date: Date) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

export function writeRateLimitHeaders(res: Response, result: RateLimitResult): void {
  res.setHeader('X-RateLimit-Limit', String(result.limit));
  res.setHeader('X-RateLimit-Remaining', String(result.remaining));
  res.setHeader('X-RateLimit-Reset', resetHeader(result.resetAt));
}

/** 429 with Mastodon's body; headers already written. */
export class TooManyRequestsException extends HttpException {
  constructor() {
    super({ error: 'Too many requests' }, 429);
  }
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RouteRateLimit | undefined>(
      RATE_LIMIT_KEY,
      context.getHandler(),
    );
    if (!rule) return true;
    const request = context
      .switchToHttp()
      .getRequest<Request & { auth?: { user?: { accountId: string } | null } }>();
    const accountId = request.auth?.user?.accountId;
    const discriminator =
      rule.by === 'account' && accountId ? `account:${accountId}` : `ip:${request.ip}`;
    const result = await this.limiter.hit(rule, discriminator);
    writeRateLimitHeaders(context.switchToHttp().getResponse<Response>(), result);
    if (!result.allowed) throw new TooManyRequestsException();
    return true;
  }
}

/** Limits a route: `@RateLimit({ family: 'sign_up', limit: 5, periodSeconds: 1800, by: 'ip' })`. */
export const RateLimit = (rule: RouteRateLimit) =>
  applyDecorators(SetMetadata(RATE_LIMIT_KEY, rule), UseGuards(RateLimitGuard));
