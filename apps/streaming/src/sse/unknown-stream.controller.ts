import { Controller, Get, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth/decorators';
import type { Response } from 'express';

/** Any other path under /api/v1/streaming: Mastodon's 400. Registered last. */
@Public()
@Controller('api/v1/streaming')
export class UnknownEventStreamController {
  @Get('*path')
  unknown(@Res() response: Response): void {
    response.status(400).json({ error: 'Unknown channel requested' });
  }
}
