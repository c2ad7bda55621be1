import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth/decorators';
import { parseBoolean } from '@nestodon/config';
import type { Request, Response } from 'express';
import { firstParam } from '../websocket/client-message';
import { EventStreams } from './event-streams.service';

const withMedia = (name: string, onlyMedia: unknown) =>
  parseBoolean(firstParam(onlyMedia)) ? `${name}:media` : name;

/** SSE `public`, `public:local`, `public:remote`, each with `only_media`. */
@Public()
@Controller('api/v1/streaming/public')
export class PublicEventStreamController {
  constructor(private readonly streams: EventStreams) {}

  @Get()
  all(@Req() request: Request, @Res() response: Response, @Query('only_media') media: unknown) {
    return this.streams.open(request, response, withMedia('public', media));
  }

  @Get('local')
  local(@Req() request: Request, @Res() response: Response, @Query('only_media') media: unknown) {
    return this.streams.open(request, response, withMedia('public:local', media));
  }

  @Get('remote')
  remote(@Req() request: Request, @Res() response: Response, @Query('only_media') media: unknown) {
    return this.streams.open(request, response, withMedia('public:remote', media));
  }
}
