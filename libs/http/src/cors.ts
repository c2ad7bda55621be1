import type { NextFunction, Request, Response } from 'express';

// Browser clients (Elk, Phanpy, …) call the API from other origins with bearer tokens, never
// cookies, so any origin may read these paths, as Mastodon allows.
const CORS_PATHS = [
  /^\/api\//,
  /^\/oauth\/(token|revoke|userinfo)$/,
  /^\/\.well-known\//,
  /^\/nodeinfo\//,
];
const EXPOSED = [
  'Link',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Request-Id',
];
const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';

export function cors(req: Request, res: Response, next: NextFunction): void {
  if (!CORS_PATHS.some((pattern) => pattern.test(req.path))) return next();
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED.join(', '));
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
    res.setHeader('Access-Control-Allow-Methods', METHODS);
    const requested = req.headers['access-control-request-headers'];
    res.setHeader(
      'Access-Control-Allow-Headers',
      typeof requested === 'string' && requested
        ? requested
        : 'Authorization, Content-Type, Idempotency-Key',
    );
    res.setHeader('Access-Control-Max-Age', '7200');
    res.status(204).end();
    return;
  }
  next();
}
