import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth/decorators';
import type { Request, Response } from 'express';
import { firstParam } from '../websocket/client-message';
import { EventStreams } from './event-streams.service';

/** SSE `hashtag` and `hashtag:local` (`tag=`). */
@Public()
@Controller('api/v1/streaming/hashtag')
export class HashtagEventStreamController {
  constructor(private readonly streams: EventStreams) {}

  @Get()
  all(@Req() request: Request, @Res() response: Response, @Query('tag') tag: unknown) {
    return this.streams.open(request, response, 'hashtag', { tag: firstParam(tag) });
  }

  @Get('local')
  local(@Req() request: Request, @Res() response: Response, @Query('tag') tag: unknown) {
    return this.streams.open(request, response, 'hashtag:local', { tag: firstParam(tag) });
  }
}
