import { Controller, Get, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth/decorators';
import { HealthService, ReadinessReport } from '@nestodon/platform';
import { SubscriberService } from '@nestodon/pubsub';
import type { Response } from 'express';

/** Liveness and readiness of the streaming process, for load balancers and orchestrators. */
@Controller('health')
export class StreamingProbesController {
  constructor(
    private readonly health: HealthService,
    private readonly subscriber: SubscriberService,
  ) {}

  /** The process answers; dependencies are readiness's business. */
  @Get('live')
  @Public()
  live() {
    return { alive: true };
  }

  /** PostgreSQL (tokens), Redis, and the subscriber connection every stream listens on. */
  @Get('ready')
  @Public()
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.health.readiness({
      redis_subscriber: () => this.subscriber.ping(),
    });
    res.status(report.ready ? 200 : 503);
    return report;
  }
}
