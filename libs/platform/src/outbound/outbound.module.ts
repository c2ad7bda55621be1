import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { SafeHttpClient } from './safe-http-client';

/** Provides the process's one SafeHttpClient, configured from the environment. */
@Global()
@Module({
  providers: [
    {
      provide: SafeHttpClient,
      useFactory: (config: AppConfig) => SafeHttpClient.fromConfig(config),
      inject: [APP_CONFIG],
    },
  ],
  exports: [SafeHttpClient],
})
export class OutboundModule {}
