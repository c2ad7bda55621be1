import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import {
  BeforeApplicationShutdown,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  Type,
} from '@nestjs/common';
import { WorkerQueue } from '@nestodon/config';
import { backoffStrategy, JobDispatcher, JobName } from '@nestodon/queue';
import { Job } from 'bullmq';
import { hostname } from 'node:os';
import { JobMetrics } from './job-metrics.service';

/** Takes the jobs of one queue from Redis and runs each through the dispatcher, by its name. */
@Injectable()
abstract class QueueConsumer
  extends WorkerHost
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  private readonly logger = new Logger('Worker');

  constructor(
    private readonly dispatcher: JobDispatcher,
    private readonly metrics: JobMetrics,
  ) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return this.metrics.observe(this.worker.name, job, () =>
      this.dispatcher.run(job.name as JobName, job.data),
    );
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    this.logger.warn(
      `${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`,
    );
  }

  @OnWorkerEvent('error')
  onError(error: Error): void {
    this.logger.error(error.message);
  }

  /** The worker is connected before the application counts as started. */
  async onApplicationBootstrap(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  /**
   * Stops taking jobs and waits for the running ones, while the database and Redis are still
   * open (they close in the shutdown hooks that follow).
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }
}

/** This process as a job's `processedBy`: host and pid, as Sidekiq names its processes. */
export const WORKER_NAME = `${hostname()}:${process.pid}`;

/**
 * The `@Processor` consumer of one queue, with that queue's concurrency: a class made per
 * queue (the mixin pattern), as decorators are fixed where a class is declared.
 */
export function queueConsumer(
  { name, concurrency }: WorkerQueue,
  lockMs: number,
): Type<QueueConsumer> {
  // Jobs record which worker process ran them (`processedBy`), for operators scaling out;
  // deliveries back off with the federation schedule (libs/queue). A killed worker's jobs run
  // again once their lock lapses, found by the stalled check of a live worker.
  @Processor(name, {
    concurrency,
    name: WORKER_NAME,
    settings: { backoffStrategy },
    lockDuration: lockMs,
    stalledInterval: lockMs,
  })
  class Consumer extends QueueConsumer {}
  Object.defineProperty(Consumer, 'name', { value: `QueueConsumer(${name})` });
  return Consumer;
}
