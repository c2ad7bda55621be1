import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth/decorators';
import type { Request, Response } from 'express';
import { firstParam } from '../websocket/client-message';
import { EventStreams } from './event-streams.service';

/** SSE `list` (`list=`). */
@Public()
@Controller('api/v1/streaming/list')
export class ListEventStreamController {
  constructor(private readonly streams: EventStreams) {}

  @Get()
  list(@Req() request: Request, @Res() response: Response, @Query('list') list: unknown) {
    return this.streams.open(request, response, 'list', { list: firstParam(list) });
  }
}
