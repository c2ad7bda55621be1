import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { writeRateLimitHeaders } from '@nestodon/http';
import { RateLimiter, RateLimitResult } from '@nestodon/platform';
import type { NextFunction, Request, Response } from 'express';
import { isIPv6 } from 'node:net';
import { TokenAuthenticator } from './token-authenticator.service';

/** Loopback clients are never throttled, as Mastodon's `allow from localhost`. */
const SAFELISTED = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The address a client is counted by: IPv4 as is, IPv6 by its /64 (one host usually holds a
 * whole /64), as Mastodon's `throttleable_remote_ip`.
 */
export function throttleableAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/**
 * The general API throttle (Mastodon's rack-attack throttles): every request under `/api/`,
 * routed or not, counts per user (THROTTLE_AUTHENTICATED_API) and per token
 * (THROTTLE_PER_TOKEN_API) when it carries a valid token with a user, else per client address
 * (THROTTLE_UNAUTHENTICATED_API; behind trusted proxies the address they name). Answers carry
 * `X-RateLimit-*` of the user's or address's counter; past a limit, 429 with Mastodon's body.
 * While Redis is unavailable requests pass uncounted, as rack-attack's cache store fails open.
 */
@Injectable()
export class ApiThrottle {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: RateLimiter,
    private readonly authenticator: TokenAuthenticator,
  ) {}

  /** The Express middleware. */
  readonly handle = (request: Request, response: Response, next: NextFunction): void => {
    if (!request.path.startsWith('/api/') || SAFELISTED.has(request.ip ?? '')) return next();
    // A failure (Redis, or the token lookup, which the guard then reports) lets it through.
    this.count(request, response).then(
      (limited) => (limited ? undefined : next()),
      () => next(),
    );
  };

  /** Counts the request; answers 429 and returns true when it is over a limit. */
  private async count(request: Request, response: Response): Promise<boolean> {
    const { unauthenticated, authenticated, perToken, periodSeconds } = this.config.http.throttle;
    const auth = await this.authenticator.authenticateRequest(request);
    const userId = auth?.user?.id;
    const hits: Array<Promise<RateLimitResult | null>> = userId
      ? [
          this.hit('throttle_authenticated_api', authenticated, periodSeconds, `user:${userId}`),
          this.hit('throttle_per_token_api', perToken, periodSeconds, `token:${auth.tokenId}`),
        ]
      : [
          this.hit(
            'throttle_unauthenticated_api',
            unauthenticated,
            periodSeconds,
            `ip:${throttleableAddress(request.ip ?? '')}`,
          ),
        ];
    const [shown, ...others] = await Promise.all(hits);
    const over = [shown, ...others].find((result) => result && !result.allowed);
    if (over) {
      writeRateLimitHeaders(response, over);
      response.status(429).json({ error: 'Too many requests' });
      return true;
    }
    if (shown) writeRateLimitHeaders(response, shown);
    return false;
  }

  private hit(family: string, limit: number, periodSeconds: number, discriminator: string) {
    if (limit === 0) return Promise.resolve(null);
    return this.limiter.hit({ family, limit, periodSeconds }, discriminator);
  }
}
