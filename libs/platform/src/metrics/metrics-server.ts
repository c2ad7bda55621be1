import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { answerScrape, METRICS_PATH } from './metrics-endpoint';
import { Metrics } from './metrics.service';

/**
 * `GET /metrics` on a listener of its own (METRICS_PORT on BIND), for a Prometheus that
 * reaches the process on a private network: no authentication, nothing else served.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private server?: Server;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  /** Where the scrape listens (tests ask for port 0 and read the real one here). */
  get port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address?.port ?? null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metrics.port;
    if (port === null) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === METRICS_PATH) return answerScrape(this.metrics, res);
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not found\n');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.http.bind, () => resolve());
    });
    this.server = server;
    this.logger.log(`metrics on http://${this.config.http.bind}:${this.port}${METRICS_PATH}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
