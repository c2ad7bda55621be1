import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ApiThrottle } from '@nestodon/auth';
import { AppConfig } from '@nestodon/config';
import { configureHttp } from '@nestodon/http';
import { instrumentHttp } from '@nestodon/platform';
import { Logger } from 'nestjs-pino';
import { resolve } from 'node:path';
import { serveJobDashboard } from './admin/job-dashboard';
import { ApiModule, ApiModuleOptions } from './api.module';
import { serveOpenApi } from './openapi/serve-openapi';

/** Builds the api application (not listening yet); shared by main.ts and the test harness. */
export async function createApiApp(
  config: AppConfig,
  options: ApiModuleOptions = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(config, options), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  instrumentHttp(app, config.metrics.token);
  configureHttp(app, {
    trustedProxies: config.http.trustedProxies,
    throttle: app.get(ApiThrottle).handle,
    headersTimeoutMs: config.http.headersTimeoutMs,
    requestTimeoutMs: config.http.requestTimeoutMs,
  });
  serveOpenApi(app);
  serveJobDashboard(app);
  // Stored media (MEDIA_ROOT) under /system, unless it lives in object storage. File names are
  // unique per upload, so they are cached for good; ranges serve video seeking; hidden paths
  // (uploads waiting for the worker) answer 404.
  if (!config.media.s3) {
    app.useStaticAssets(resolve(config.media.root), {
      prefix: '/system',
      index: false,
      dotfiles: 'ignore',
      maxAge: '365d',
      immutable: true,
      setHeaders: (res) => {
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
      },
    });
  }
  return app;
}
