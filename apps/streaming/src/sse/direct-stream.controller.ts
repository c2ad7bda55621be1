import { Controller, Get, Req, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth/decorators';
import type { Request, Response } from 'express';
import { EventStreams } from './event-streams.service';

/** SSE `direct`. */
@Public()
@Controller('api/v1/streaming/direct')
export class DirectEventStreamController {
  constructor(private readonly streams: EventStreams) {}

  @Get()
  direct(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.streams.open(request, response, 'direct');
  }
}
