import { BadRequestException } from '@nestjs/common';
import { ToBoolean, ToInteger } from '@nestodon/http';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

/** What both searches take: GET /api/v1/accounts/search and GET /api/v2/search. */
export class SearchParams {
  @IsOptional()
  @IsString()
  q?: string;

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

  /** Look a URL or handle up over federation (the federation code answers it). */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  resolve?: boolean;

  /** Only accounts the viewer follows. */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  following?: boolean;
}

/** `q`, which Mastodon requires (400 as Rails' missing parameter). */
export function requiredQuery(params: SearchParams): string {
  if (!params.q?.trim()) {
    throw new BadRequestException({ error: 'param is missing or the value is empty: q' });
  }
  return params.q;
}

/** Mastodon's limit_param: at most twice the default, 0 meaning the default. */
export const searchLimit = (limit: number | undefined, defaultLimit: number) =>
  Math.min(Math.abs(limit ?? defaultLimit), defaultLimit * 2) || defaultLimit;
