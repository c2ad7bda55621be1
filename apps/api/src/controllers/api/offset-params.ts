import { ToInteger } from '@nestodon/http';
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
