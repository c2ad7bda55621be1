import { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { HealthService } from './health.service';
import { metricsOnMainPort } from './metrics/metrics-endpoint';
import { Metrics } from './metrics/metrics.service';
import { SideListener } from './side-listener';

/**
 * Liveness and readiness over HTTP for a process that serves no HTTP otherwise (the worker),
 * on WORKER_HEALTH_PORT when it is set: `GET /health/live` answers while the process runs,
 * `GET /health/ready` checks PostgreSQL and Redis (503 when one does not answer). With
 * METRICS_TOKEN, `GET /metrics` is served here too, for that bearer token.
 */
@Injectable()
export class ProbeServer extends SideListener {
  protected readonly mainPath = '/health/ready';

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly health: HealthService,
    private readonly metrics: Metrics,
  ) {
    super(config);
  }

  protected configuredPort(): number | null {
    return this.config.http.workerHealthPort;
  }

  protected handle(req: IncomingMessage, res: ServerResponse): void {
    metricsOnMainPort(this.metrics, this.config.metrics.token)(req, res, () =>
      this.probe(req, res),
    );
  }

  private probe(req: IncomingMessage, res: ServerResponse): void {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return answer(405, { error: 'Method not allowed' });
    if (path === '/health/live') return answer(200, { alive: true });
    if (path !== '/health/ready') return answer(404, { error: 'Record not found' });
    this.health.readiness().then(
      (report) => answer(report.ready ? 200 : 503, report),
      () => answer(503, { ready: false, checks: {} }),
    );
  }
}
