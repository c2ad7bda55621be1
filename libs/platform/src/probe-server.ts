import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { HealthService } from './health.service';
import { metricsOnMainPort } from './metrics/metrics-endpoint';
import { Metrics } from './metrics/metrics.service';

/**
 * Liveness and readiness over HTTP for a process that serves no HTTP otherwise (the worker),
 * on WORKER_HEALTH_PORT when it is set: `GET /health/live` answers while the process runs,
 * `GET /health/ready` checks PostgreSQL and Redis (503 when one does not answer). With
 * METRICS_TOKEN, `GET /metrics` is served here too, for that bearer token.
 */
@Injectable()
export class ProbeServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProbeServer.name);
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly health: HealthService,
    private readonly metrics: Metrics,
  ) {}

  /** Where the probes listen (tests ask for port 0 and read the real one here). */
  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.http.workerHealthPort;
    if (port === null) return;
    const scrape = metricsOnMainPort(this.metrics, this.config.metrics.token);
    const server = createServer((req, res) => scrape(req, res, () => this.probe(req, res)));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.http.bind, () => resolve());
    });
    this.server = server;
    this.logger.log(`health probes on http://${this.config.http.bind}:${this.port}/health/ready`);
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

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
