import { DynamicModule, Global, Module } from '@nestjs/common';
import { DatabaseMetrics } from './database.metrics';
import { MetricsServer } from './metrics-server';
import { Metrics, METRICS_PROCESS } from './metrics.service';
import { RedisMetrics } from './redis.metrics';

/**
 * Prometheus metrics of one process: its registry (with Node's default metrics), PostgreSQL
 * pool and query metrics, Redis command metrics, and the METRICS_PORT listener. Each app adds
 * the metrics of its own work (HTTP, queues, streaming) to the same `Metrics`.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(processName: string): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        { provide: METRICS_PROCESS, useValue: processName },
        Metrics,
        DatabaseMetrics,
        RedisMetrics,
        MetricsServer,
      ],
      exports: [Metrics, MetricsServer],
    };
  }
}
