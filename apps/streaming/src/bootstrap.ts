import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@nestodon/config';
import { configureHttp } from '@nestodon/http';
import { Logger } from 'nestjs-pino';
import { StreamingModule } from './streaming.module';

export async function createStreamingApp(config: AppConfig): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(StreamingModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  configureHttp(app, { trustedProxies: config.http.trustedProxies });
  return app;
}
