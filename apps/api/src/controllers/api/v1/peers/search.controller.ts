import { Controller, Get, Query } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { InstanceQueries } from '@nestodon/core';
import { IsOptional, IsString, MaxLength } from 'class-validator';

class PeersSearchQuery {
  @IsOptional()
  @IsString()
  @MaxLength(253)
  q?: string;
}

/**
 * GET /api/v1/peers/search?q=: known domains starting with `q` (ten at most), as Mastodon's
 * domain autocomplete; nothing for a blank query.
 */
@Controller('api/v1/peers/search')
export class PeersSearchController {
  constructor(private readonly instance: InstanceQueries) {}

  @Get()
  @Public()
  index(@Query() query: PeersSearchQuery): Promise<string[]> {
    return this.instance.searchPeers(query.q ?? '');
  }
}
