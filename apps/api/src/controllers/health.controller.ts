import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { HealthService, ReadinessReport } from '@nestodon/platform';
import { JobName, JobQueue } from '@nestodon/queue';
import type { Response } from 'express';

const WORKER_TIMEOUT_MS = 5000;
/** Checks arriving together share one ping, so polling cannot flood the queue. */
const WORKER_RESULT_TTL_MS = 2000;

interface WorkerCheck {
  worker: boolean;
  latency_ms?: number;
  error?: string;
}

@Controller('health')
export class HealthController {
  private lastWorkerCheck?: { result: Promise<WorkerCheck>; at: number };

  constructor(
    private readonly health: HealthService,
    private readonly jobs: JobQueue,
  ) {}

  /** Load balancer check: Postgres and Redis answer. */
  @Get()
  @Public()
  async show(@Res({ passthrough: true }) res: Response) {
    const report = await this.health.check();
    res.status(report.healthy ? 200 : 503);
    return report;
  }

  /** Liveness: the process answers; dependencies are readiness's business. */
  @Get('live')
  @Public()
  live() {
    return { alive: true };
  }

  /** Readiness: send traffic here only while PostgreSQL and Redis answer. */
  @Get('ready')
  @Public()
  async ready(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.health.readiness();
    res.status(report.ready ? 200 : 503);
    return report;
  }

  /** A job's round trip through Redis and a worker. */
  @Get('worker')
  @Public()
  @HttpCode(200)
  async worker(@Res({ passthrough: true }) res: Response): Promise<WorkerCheck> {
    if (!this.lastWorkerCheck || Date.now() - this.lastWorkerCheck.at > WORKER_RESULT_TTL_MS) {
      this.lastWorkerCheck = { result: this.pingWorker(), at: Date.now() };
    }
    const result = await this.lastWorkerCheck.result;
    if (!result.worker) res.status(503);
    return result;
  }

  private async pingWorker(): Promise<WorkerCheck> {
    const started = Date.now();
    try {
      await this.jobs.enqueueAndWait(
        JobName.SystemPing,
        { requestedAt: new Date().toISOString() },
        WORKER_TIMEOUT_MS,
      );
      return { worker: true, latency_ms: Date.now() - started };
    } catch (error) {
      const timedOut = Date.now() - started >= WORKER_TIMEOUT_MS;
      return {
        worker: false,
        error: timedOut
          ? `No worker answered within ${WORKER_TIMEOUT_MS / 1000} seconds`
          : `The ping job failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
}
