import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@nestodon/config';
import { DatabaseModule, HealthService, loggerParams, RedisModule } from '@nestodon/platform';
import { PubSubModule } from '@nestodon/pubsub';
import { LoggerModule } from 'nestjs-pino';
import { StreamingHealthController } from './health.controller';

@Module({})
export class StreamingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: StreamingModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config, 'streaming')),
        DatabaseModule,
        RedisModule,
        PubSubModule,
      ],
      controllers: [StreamingHealthController],
      providers: [HealthService],
    };
  }
}
