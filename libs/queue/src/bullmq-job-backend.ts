import { Logger } from '@nestjs/common';
import { AppConfig, QUEUE_NAMES, QueueName } from '@nestodon/config';
import { isConnectionLost, RedisUnavailableError, withinRedisTimeout } from '@nestodon/platform';
import { Job, JobsOptions, Queue, QueueEvents, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { ClosableConnection, ClosableQueue } from './closable-connection';
import { backoffStrategy } from './federation-backoff';
import {
  ConsumedJob,
  ConsumeOptions,
  FailedJob,
  JobBackend,
  JobCounts,
  JobHandler,
  ResolvedEnqueueOptions,
} from './job-backend';
import { JobName } from './job-names';

/** BullMQ's retention of finished jobs: the latest ones, for the dashboard. */
const KEEP_FINISHED: JobsOptions = {
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

function bullOptions(options: ResolvedEnqueueOptions): JobsOptions {
  return {
    attempts: options.attempts,
    backoff: options.backoff,
    ...(options.delay ? { delay: options.delay } : {}),
    ...(options.jobId ? { jobId: options.jobId } : {}),
    ...(options.discardWhenDone ? { removeOnComplete: true, removeOnFail: true } : KEEP_FINISHED),
  };
}

export const toConsumedJob = (job: Job): ConsumedJob => ({
  id: job.id ?? '',
  name: job.name as JobName,
  data: job.data,
  dueAt: job.timestamp + (job.opts.delay ?? 0),
  attemptsMade: job.attemptsMade,
});

/**
 * The job queue on Redis: one BullMQ queue per queue name, keys under the namespace, on one
 * shared connection (workers and QueueEvents listeners duplicate it for their blocking reads;
 * RedisService closes it).
 */
export class BullJobBackend implements JobBackend {
  readonly kind = 'redis';
  private readonly logger = new Logger('JobQueue');
  private readonly prefix: string;
  readonly queues: Readonly<Record<QueueName, Queue>>;
  private readonly workers: Worker[] = [];
  private readonly events = new Map<QueueName, { listener: QueueEvents; ready: Promise<void> }>();

  constructor(
    private readonly config: AppConfig,
    private readonly connection: Redis,
  ) {
    this.prefix = `${config.redis.namespace}bull`;
    this.queues = Object.fromEntries(
      QUEUE_NAMES.map((name) => [
        name,
        new ClosableQueue(name, { prefix: this.prefix, connection }),
      ]),
    ) as Record<QueueName, Queue>;
  }

  async add(
    queue: QueueName,
    name: JobName,
    data: unknown,
    options: ResolvedEnqueueOptions,
  ): Promise<void> {
    // The queues' connection waits for Redis (consumers block on it), so a request does not:
    // it fails at once while Redis is known to be away, and within the command timeout when
    // Redis stops answering (the job may then still be added once Redis is back).
    if (isConnectionLost(this.connection)) throw new RedisUnavailableError();
    await withinRedisTimeout(
      this.queues[queue].add(name, data, bullOptions(options)),
      this.config.redis.commandTimeoutMs,
    );
  }

  async addMany(
    queue: QueueName,
    name: JobName,
    data: unknown[],
    options: ResolvedEnqueueOptions,
  ): Promise<void> {
    const opts = bullOptions(options);
    await this.queues[queue].addBulk(data.map((one) => ({ name, data: one, opts })));
  }

  async addAndWait(
    queue: QueueName,
    name: JobName,
    data: unknown,
    timeoutMs: number,
  ): Promise<unknown> {
    const events = await this.queueEvents(queue);
    // Finished jobs stay a minute: removed at once, a fast job can vanish before
    // waitUntilFinished looks at it, and the wait fails though the job succeeded.
    const job = await this.queues[queue].add(name, data, {
      removeOnComplete: { age: 60 },
      removeOnFail: { age: 60 },
    });
    return job.waitUntilFinished(events, timeoutMs);
  }

  async repeat(queue: QueueName, name: JobName, data: unknown, everyMs: number): Promise<void> {
    // A scheduler is kept in Redis under the job's name: every worker registering it at boot
    // leaves one schedule, not one per worker.
    await this.queues[queue].upsertJobScheduler(name, { every: everyMs }, { name, data });
  }

  async consume(queue: QueueName, options: ConsumeOptions, handler: JobHandler): Promise<void> {
    // Jobs record which worker process ran them (`processedBy`); deliveries back off with the
    // federation schedule. A killed worker's jobs run again once their lock lapses, found by
    // the stalled check of a live worker.
    const worker = new Worker(
      queue,
      (job: Job) => handler(toConsumedJob(job)),
      {
        prefix: this.prefix,
        connection: this.connection,
        concurrency: options.concurrency,
        name: options.workerName,
        settings: { backoffStrategy },
        lockDuration: options.lockMs,
        stalledInterval: options.lockMs,
      },
      ClosableConnection,
    );
    worker.on('error', (error) => this.logger.error(error.message));
    this.workers.push(worker);
    await worker.waitUntilReady();
  }

  async stopConsuming(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  async counts(queue: QueueName): Promise<JobCounts> {
    const counts = await this.queues[queue].getJobCounts(
      'waiting',
      'prioritized',
      'paused',
      'active',
      'delayed',
      'failed',
    );
    return {
      waiting: counts.waiting + counts.prioritized + counts.paused,
      active: counts.active,
      delayed: counts.delayed,
      failed: counts.failed,
    };
  }

  async failedJobs(queue: QueueName, limit: number): Promise<FailedJob[]> {
    const jobs = await this.queues[queue].getFailed(0, limit - 1);
    return jobs.map((job) => ({
      id: job.id ?? '',
      name: job.name,
      error: job.failedReason,
      attemptsMade: job.attemptsMade,
      failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
    }));
  }

  async retryFailed(queue: QueueName, id: string): Promise<boolean> {
    const job = await this.queues[queue].getJob(id);
    if (!job || !(await job.isFailed())) return false;
    await job.retry('failed');
    return true;
  }

  /** One listener per queue, made on first use: only health checks and tests wait for jobs. */
  private async queueEvents(name: QueueName): Promise<QueueEvents> {
    let events = this.events.get(name);
    if (!events) {
      const listener = new QueueEvents(
        name,
        { prefix: this.prefix, connection: this.connection },
        ClosableConnection,
      );
      events = { listener, ready: listener.waitUntilReady().then(() => undefined) };
      this.events.set(name, events);
    }
    await events.ready;
    return events.listener;
  }

  async close(): Promise<void> {
    await this.stopConsuming();
    // Closed whether or not they finished starting: one that never did still holds a connection.
    await Promise.allSettled([
      ...[...this.events.values()].map(({ listener }) => listener.close()),
      ...Object.values(this.queues).map((queue) => queue.close()),
    ]);
  }
}
