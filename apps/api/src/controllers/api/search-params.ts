import { BadRequestException } from '@nestjs/common';
import { ToBoolean } from '@nestodon/http';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { OffsetParams } from './offset-params';

/** What both searches take: GET /api/v1/accounts/search and GET /api/v2/search. */
export class SearchParams extends OffsetParams {
  @IsOptional()
  @IsString()
  q?: string;

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
