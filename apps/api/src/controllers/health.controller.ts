import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { HealthService } from '@nestodon/platform';
import { JobName, JobQueue } from '@nestodon/queue';
import type { Response } from 'express';

@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly jobs: JobQueue,
  ) {}

  /** Load balancer check: Postgres and Redis answer. */
  @Get()
  async show(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.check();
    res.status(report.healthy ? 200 : 503);
    return report;
  }

  /** A job's round trip through Redis and a worker. */
  @Get('worker')
  @HttpCode(200)
  async worker(@Res({ passthrough: true }) res: Response) {
    const started = Date.now();
    try {
      await this.jobs.enqueueAndWait(
        JobName.SystemPing,
        { requestedAt: new Date().toISOString() },
        5000,
      );
      return { worker: true, latency_ms: Date.now() - started };
    } catch {
      res.status(503);
      return { worker: false, error: 'No worker answered within 5 seconds' };
    }
  }
}
