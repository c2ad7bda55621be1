import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Metrics } from './metrics.service';

export const METRICS_PATH = '/metrics';

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function hasMetricsToken(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (.+)$/i.exec(header);
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Writes the scrape of `metrics` (or a 500 when a collector fails). */
export function answerScrape(metrics: Metrics, res: ServerResponse): void {
  metrics.scrape().then(
    ({ contentType, body }) => {
      res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
      res.end(body);
    },
    (error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`metrics collection failed: ${error instanceof Error ? error.message : error}\n`);
    },
  );
}

/**
 * Express-style middleware for `GET /metrics` on a process's own port when METRICS_TOKEN is
 * set: the scrape for the right bearer token, 401 otherwise. Without a token the path is left
 * to the app (404).
 */
export function metricsOnMainPort(metrics: Metrics, token: string | null) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const path = (req.url ?? '').split('?')[0];
    if (token === null || path !== METRICS_PATH || req.method !== 'GET') return next();
    if (!hasMetricsToken(req, token)) {
      res.writeHead(401, {
        'Content-Type': 'application/json; charset=utf-8',
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
      res.end(JSON.stringify({ error: 'The access token is invalid' }));
      return;
    }
    answerScrape(metrics, res);
  };
}
