import type { INestApplication } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { metricsOnMainPort } from './metrics-endpoint';
import { Metrics } from './metrics.service';

/** The route template Express matched (`/api/v1/statuses/:id`), never the raw path. */
function routeTemplate(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : 'unmatched';
}

/**
 * Express middleware timing every request, labelled by method, route template and status:
 * templates keep the series few however many ids are requested; unrouted paths (static media,
 * 404s, ActivityPub through Fedify) share `unmatched`.
 */
export function httpMetrics(metrics: Metrics) {
  const duration = metrics.histogram({
    name: 'nestodon_http_request_duration_seconds',
    help: 'HTTP request time until the response is written, by method, route and status',
    labelNames: ['method', 'route', 'status'],
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = duration.startTimer();
    res.once('finish', () =>
      end({ method: req.method, route: routeTemplate(req), status: String(res.statusCode) }),
    );
    next();
  };
}

/**
 * HTTP metrics of an api or streaming app, and `GET /metrics` on its port for METRICS_TOKEN:
 * installed before everything else, so every request is timed.
 */
export function instrumentHttp(app: INestApplication, token: string | null): void {
  const metrics = app.get(Metrics);
  app.use(httpMetrics(metrics));
  app.use(metricsOnMainPort(metrics, token));
}
