import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig, ConfigModule } from '@nestodon/config';
import { CoreModule } from '@nestodon/core';
import {
  DatabaseModule,
  HealthService,
  loggerParams,
  MetricsModule,
  ProbeServer,
  RedisModule,
} from '@nestodon/platform';
import { PubSubModule } from '@nestodon/pubsub';
import { QueueModule } from '@nestodon/queue';
import { SerializersModule } from '@nestodon/serializers';
import { LoggerModule } from 'nestjs-pino';
import { JobMetrics } from './job-metrics.service';
import { JobProcessorsModule } from './job-processors.module';
import { QueueConsumers } from './queue-consumer';
import { RecurringJobsService } from './recurring-jobs.service';

@Module({})
export class WorkerModule {
  /** Consumes the queues of WORKER_QUEUES, each at its concurrency. */
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config, 'worker')),
        DatabaseModule,
        RedisModule,
        MetricsModule.forRoot('worker'),
        QueueModule,
        PubSubModule,
        CoreModule,
        // Core services present accounts (instance info, notifications).
        SerializersModule,
        JobProcessorsModule,
      ],
      // ProbeServer: liveness and readiness on WORKER_HEALTH_PORT, for container orchestrators.
      providers: [QueueConsumers, JobMetrics, HealthService, ProbeServer, RecurringJobsService],
    };
  }
}
