import { Controller, Get, HttpException, Inject, Req, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import type { Request, Response } from 'express';

/**
 * `/api/v1/streaming` and everything under it, asked of the api: a permanent redirect to the
 * same path and query on the streaming host, as Mastodon does; 404 when that host is this one.
 */
@Public()
@Controller('api/v1/streaming')
export class StreamingRedirectController {
  private readonly streamingHost: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.streamingHost = new URL(config.instance.streamingBaseUrl).host;
  }

  @Get()
  index(@Req() request: Request, @Res() response: Response): void {
    this.redirect(request, response);
  }

  @Get('*path')
  any(@Req() request: Request, @Res() response: Response): void {
    this.redirect(request, response);
  }

  private redirect(request: Request, response: Response): void {
    if (request.headers.host === this.streamingHost) {
      throw new HttpException({ error: 'Record not found' }, 404);
    }
    response.redirect(301, `${request.protocol}://${this.streamingHost}${request.originalUrl}`);
  }
}
