import { Controller, Get, Req, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth/decorators';
import type { Request, Response } from 'express';
import { EventStreams } from './event-streams.service';

/** SSE `user` and `user:notification`. */
@Public()
@Controller('api/v1/streaming/user')
export class UserEventStreamController {
  constructor(private readonly streams: EventStreams) {}

  @Get()
  user(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.streams.open(request, response, 'user');
  }

  @Get('notification')
  notifications(@Req() request: Request, @Res() response: Response): Promise<void> {
    return this.streams.open(request, response, 'user:notification');
  }
}
