import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, QUEUE_NAMES, QueueName } from '@nestodon/config';
import { RedisService } from '@nestodon/platform';
import { Queue } from 'bullmq';
import { BULL_QUEUES, JobQueue } from './job-queue.service';

/**
 * BullMQ through @nestjs/bullmq: every queue is registered in every process that enqueues, with
 * one Redis connection and the namespace in the key prefix. Processes that consume queues add
 * `@Processor` consumers (the worker).
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG, RedisService],
      useFactory: (config: AppConfig, redis: RedisService) => ({
        prefix: `${config.redis.namespace}bull`,
        // Shared by the queues and by workers for non-blocking commands; a worker and a
        // QueueEvents listener duplicate it for their blocking reads. RedisService closes it.
        connection: redis.connection({ maxRetriesPerRequest: null }, 'queue'),
      }),
    }),
    BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
  ],
  providers: [
    {
      provide: BULL_QUEUES,
      inject: QUEUE_NAMES.map((name) => getQueueToken(name)),
      useFactory: (...queues: Queue[]) =>
        Object.fromEntries(queues.map((queue) => [queue.name, queue])) as Record<QueueName, Queue>,
    },
    JobQueue,
  ],
  exports: [JobQueue, BULL_QUEUES],
})
export class QueueModule {}
