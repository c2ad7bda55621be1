import { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { SideListener } from '../side-listener';
import { answerScrape, METRICS_PATH } from './metrics-endpoint';
import { Metrics } from './metrics.service';

/**
 * `GET /metrics` on a listener of its own (METRICS_PORT on BIND), for a Prometheus that
 * reaches the process on a private network: no authentication, nothing else served.
 */
@Injectable()
export class MetricsServer extends SideListener {
  protected readonly mainPath = METRICS_PATH;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly metrics: Metrics,
  ) {
    super(config);
  }

  protected configuredPort(): number | null {
    return this.config.metrics.port;
  }

  protected handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === METRICS_PATH) return answerScrape(this.metrics, res);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
  }
}
