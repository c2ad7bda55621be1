import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ValidationError } from '@nestodon/domain';
import type { Request, Response } from 'express';

export interface PageParams {
  maxId?: string;
  sinceId?: string;
  minId?: string;
  limit: number;
}

export interface PageLimits {
  /** Mastodon's default page size for the endpoint; the maximum is twice that unless given. */
  defaultLimit: number;
  maxLimit?: number;
}

const ID = /^\d{1,19}$/;

function cursor(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !ID.test(value)) {
    throw new ValidationError(`Validation failed: ${name} must be a numeric id`);
  }
  return value;
}

/** Reads max_id, since_id, min_id and limit (clamped like Mastodon's limit_param). */
export function parsePageParams(query: Record<string, unknown>, limits: PageLimits): PageParams {
  const maxLimit = limits.maxLimit ?? limits.defaultLimit * 2;
  let limit = limits.defaultLimit;
  const raw = query.limit;
  if (raw !== undefined && raw !== '') {
    if (typeof raw !== 'string' || !/^-?\d+$/.test(raw.trim())) {
      throw new ValidationError('Validation failed: limit must be an integer');
    }
    limit = Math.min(Math.abs(Number(raw)), maxLimit);
    if (limit === 0) limit = limits.defaultLimit;
  }
  return {
    maxId: cursor(query, 'max_id'),
    sinceId: cursor(query, 'since_id'),
    minId: cursor(query, 'min_id'),
    limit,
  };
}

/** `@Page({ defaultLimit: 20 }) page: PageParams` in a controller method. */
export const Page = createParamDecorator((limits: PageLimits, context: ExecutionContext) =>
  parsePageParams(
    context.switchToHttp().getRequest<Request>().query as Record<string, unknown>,
    limits,
  ),
);

export interface PageLinks {
  /** Id of the oldest item on the page; the next (older) page starts below it. */
  nextMaxId?: string | null;
  /** Id of the newest item on the page; the previous (newer) page starts above it. */
  prevMinId?: string | null;
  /** Query parameters besides limit that the links keep (e.g. local, only_media). */
  keep?: string[];
}

/**
 * Writes the Link header: next with max_id, prev with min_id, both keeping limit and the named
 * parameters. `baseUrl` is the public origin, so links work behind a proxy.
 */
export function setPageLinks(req: Request, res: Response, baseUrl: string, links: PageLinks): void {
  const build = (name: string, id: string) => {
    const url = new URL(req.path, baseUrl);
    for (const key of ['limit', ...(links.keep ?? [])]) {
      const value = req.query[key];
      if (Array.isArray(value)) {
        for (const item of value)
          if (typeof item === 'string') url.searchParams.append(`${key}[]`, item);
      } else if (typeof value === 'string' && value !== '') {
        url.searchParams.set(key, value);
      }
    }
    url.searchParams.set(name, id);
    return url.toString();
  };
  const parts: string[] = [];
  if (links.nextMaxId) parts.push(`<${build('max_id', links.nextMaxId)}>; rel="next"`);
  if (links.prevMinId) parts.push(`<${build('min_id', links.prevMinId)}>; rel="prev"`);
  if (parts.length > 0) res.setHeader('Link', parts.join(', '));
}
