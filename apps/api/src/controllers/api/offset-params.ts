import { ToInteger } from '@nestodon/http';
import type { Request, Response } from 'express';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `limit` and `offset` of the offset-paged lists (search, trends). */
export class OffsetParams {
  @IsOptional()
  @ToInteger()
  @IsInt()
  limit?: number;

  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(10_000)
  offset?: number;
}

/** Mastodon's limit_param: at most twice the default, 0 meaning the default. */
export const offsetLimit = (limit: number | undefined, defaultLimit: number) =>
  Math.min(Math.abs(limit ?? defaultLimit), defaultLimit * 2) || defaultLimit;

/**
 * The Link header of an offset-paged list: next when the page is full, prev after the first
 * page, both keeping `limit`.
 */
export function setOffsetPageLinks(
  req: Request,
  res: Response,
  baseUrl: string,
  page: { offset: number; limit: number },
  count: number,
): void {
  const link = (at: number, rel: string) => {
    const url = new URL(req.path, baseUrl);
    url.searchParams.set('offset', String(at));
    url.searchParams.set('limit', String(page.limit));
    return `<${url.href}>; rel="${rel}"`;
  };
  const parts = [];
  if (count >= page.limit) parts.push(link(page.offset + page.limit, 'next'));
  if (page.offset > 0) parts.push(link(Math.max(0, page.offset - page.limit), 'prev'));
  if (parts.length > 0) res.setHeader('Link', parts.join(', '));
}
