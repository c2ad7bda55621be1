import { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { parse as parseQuery } from 'qs';
import { cors } from './cors';
import { normalizeRequestParams } from './request-params';
import { InvalidMultipartError, MastodonExceptionFilter, mapError } from './exception.filter';
import { createValidationPipe } from './validation.pipe';

const JSON_BODY = /^application\/([\w.-]+\+)?json\b/;
const ACTIVITYPUB_BODY = /^application\/(activity|ld)\+json\b/;

// Rails-style nesting: a[]=1, a[b][c]=2. Limits keep hostile input cheap.
const QS_OPTIONS = { depth: 5, arrayLimit: 100, parameterLimit: 1000, allowPrototypes: false };

export interface HttpOptions {
  /** Largest JSON or form body, in bytes. */
  bodyLimit?: number;
  /** Proxies whose X-Forwarded-For names the client (express `trust proxy` values). */
  trustedProxies?: string[];
  /** Largest file in a multipart body, in bytes. */
  fileSizeLimit?: number;
  /** Counts requests before anything reads their body (the api's general throttle). */
  throttle?: RequestHandler;
}

/**
 * Mastodon's HTTP conventions, applied once per Nest application: JSON, form-encoded and
 * multipart bodies with bracketed keys, the same for query strings, the error filter, 422
 * validation and no-store caching for the API.
 */
export function configureHttp(app: INestApplication, options: HttpOptions = {}): void {
  const express_ = app as NestExpressApplication;
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  express_.disable('x-powered-by');
  express_.set('trust proxy', options.trustedProxies ?? ['loopback']);
  express_.set('query parser', (text: string) => parseQuery(text, QS_OPTIONS));
  express_.use(cors);
  if (options.throttle) express_.use(options.throttle);
  express_.use(
    express.json({
      limit: bodyLimit,
      // ActivityPub deliveries stay unread: the federation verifies their exact bytes (Digest).
      type: (req) => {
        const type = (req.headers['content-type'] ?? '').toLowerCase().trimStart();
        return JSON_BODY.test(type) && !ACTIVITYPUB_BODY.test(type);
      },
    }),
  );
  express_.use(
    express.urlencoded({
      extended: true,
      limit: bodyLimit,
      parameterLimit: QS_OPTIONS.parameterLimit,
    }),
  );
  const multipart = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.fileSizeLimit ?? 100 * 1024 * 1024, fields: 1000, files: 10 },
  }).any();
  express_.use((req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    multipart(req, res, (error?: unknown) => {
      if (!error || error instanceof multer.MulterError) return next(error);
      next(new InvalidMultipartError(error instanceof Error ? error.message : String(error)));
    });
  });
  express_.use(normalizeRequestParams);
  // Body parser failures happen before Nest's router, so they are answered here.
  express_.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const { status, body } = mapError(error);
    res.status(status).json(body);
  });
  express_.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/oauth/')) {
      res.setHeader('Cache-Control', 'no-cache, no-store, max-age=0, must-revalidate');
    }
    next();
  });
  app.useGlobalFilters(new MastodonExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
}
