import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { RedisService } from '@nestodon/platform';
import { BullJobBackend } from './bullmq-job-backend';
import { JOB_BACKEND, JobBackend } from './job-backend';
import { JobQueue } from './job-queue.service';

/**
 * The job queue of every process that enqueues or consumes: BullMQ on Redis, or pg-boss in
 * PostgreSQL when Redis is not used (`config.redis.enabled`), chosen once at boot.
 */
@Global()
@Module({
  providers: [
    {
      provide: JOB_BACKEND,
      // Optional: a process without Redis need not provide it.
      inject: [APP_CONFIG, { token: RedisService, optional: true }],
      useFactory: async (config: AppConfig, redis?: RedisService): Promise<JobBackend> =>
        config.redis.enabled && redis
          ? new BullJobBackend(
              config,
              // Shared by the queues and by workers for non-blocking commands; RedisService
              // closes it.
              redis.connection({ maxRetriesPerRequest: null }, 'queue'),
            )
          : // pg-boss and its schedulers (a few MB of code) only for a start without Redis.
            new (await import('./pg-boss-job-backend')).PgBossJobBackend(config),
    },
    JobQueue,
  ],
  exports: [JobQueue, JOB_BACKEND],
})
export class QueueModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_BACKEND) private readonly backend: JobBackend) {}

  /** Before RedisService and the database close (their hooks run after this module's). */
  async onApplicationShutdown(): Promise<void> {
    await this.backend.close();
  }
}
