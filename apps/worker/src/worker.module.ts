import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@nestodon/config';
import { CoreModule } from '@nestodon/core';
import { DatabaseModule, loggerParams, RedisModule } from '@nestodon/platform';
import { PubSubModule } from '@nestodon/pubsub';
import { QueueModule } from '@nestodon/queue';
import { SerializersModule } from '@nestodon/serializers';
import { LoggerModule } from 'nestjs-pino';
import { PROCESSORS } from './processors';
import { QueueWorkersService } from './queue-workers.service';

@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config, 'worker')),
        DatabaseModule,
        RedisModule,
        QueueModule.forRoot(PROCESSORS),
        PubSubModule,
        CoreModule,
        // Core services present accounts (instance info, notifications).
        SerializersModule,
      ],
      providers: [QueueWorkersService],
    };
  }
}
