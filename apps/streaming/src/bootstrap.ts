import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppConfig } from '@nestodon/config';
import { configureHttp } from '@nestodon/http';
import { instrumentHttp } from '@nestodon/platform';
import { Logger } from 'nestjs-pino';
import { StreamingOptions } from './delivery/streaming-options';
import { StreamingModule } from './streaming.module';
import { StreamingWsAdapter } from './websocket/streaming-ws.adapter';

export async function createStreamingApp(
  config: AppConfig,
  options: Partial<StreamingOptions> = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    StreamingModule.forRoot(config, options),
    { bodyParser: false, bufferLogs: true, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  instrumentHttp(app, config.metrics.token);
  configureHttp(app, { trustedProxies: config.http.trustedProxies });
  app.useWebSocketAdapter(new StreamingWsAdapter(app));
  return app;
}
