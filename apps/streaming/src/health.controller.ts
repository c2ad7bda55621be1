import { Controller, Get, Header, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth/decorators';
import { HealthService } from '@nestodon/platform';
import type { Response } from 'express';

@Controller('api/v1/streaming/health')
export class StreamingHealthController {
  constructor(private readonly health: HealthService) {}

  /** Mastodon's streaming health answer is the plain text OK. */
  @Get()
  @Public()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  async show(@Res({ passthrough: true }) res: Response): Promise<string> {
    const report = await this.health.check();
    res.status(report.healthy ? 200 : 503);
    return report.healthy ? 'OK' : 'Service Unavailable';
  }
}
