import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, AppConfig, QueueName } from '@nestodon/config';
import { RedisUnavailableError, withinRedisTimeout } from '@nestodon/platform';
import { JobsOptions, Queue, QueueEvents } from 'bullmq';
import type Redis from 'ioredis';
import { JobDispatcher } from './job-dispatcher';
import { JobName, JobPayloads, JobResults, QUEUE_OF_JOB } from './job-names';

/** Every BullMQ queue by name (QueueModule registers them). */
export const BULL_QUEUES = Symbol('BULL_QUEUES');

const QUEUE_READY_ON_SHUTDOWN_MS = 2000;

/** ioredis states of a connection that was lost and is not back yet. */
const DISCONNECTED = new Set(['close', 'reconnecting', 'end']);

const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

/**
 * Enqueues jobs for the worker. Call it after the transaction that wrote the rows commits.
 * Under JOBS_INLINE the job runs here and now instead, through the dispatcher of the job
 * processors in this process (end-to-end tests).
 */
@Injectable()
export class JobQueue implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('JobQueue');
  private inlineDispatcher?: JobDispatcher;
  private readonly events = new Map<QueueName, Promise<QueueEvents>>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(BULL_QUEUES) private readonly queues: Readonly<Record<QueueName, Queue>>,
  ) {}

  /**
   * Called by the module that provides the job processors (the worker's JobProcessorsModule):
   * they depend on services that enqueue, so they cannot be injected here.
   */
  runInlineWith(dispatcher: JobDispatcher): void {
    this.inlineDispatcher = dispatcher;
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: JobsOptions = {},
  ): Promise<void> {
    if (this.config.jobs.inline) {
      await this.runInline(name, payload);
      return;
    }
    const queue = this.queue(QUEUE_OF_JOB[name]);
    // The queues' connection waits for Redis (consumers block on it), so a request does not:
    // it fails at once while Redis is known to be away, and within the command timeout when
    // Redis stops answering (the job may then still be added once Redis is back).
    if (DISCONNECTED.has((queue.opts.connection as Redis).status)) throw new RedisUnavailableError();
    await withinRedisTimeout(
      queue.add(name, payload, { ...DEFAULT_JOB_OPTIONS, ...options }),
      this.config.redis.commandTimeoutMs,
    );
  }

  /**
   * Enqueues jobs of one kind in one round trip to Redis. Inline they run one after another,
   * and one that fails is logged and the others still run: in the worker each fails alone,
   * unseen by the enqueuer (a delivery to a server that is down must not fail a post).
   */
  async enqueueMany<N extends JobName>(
    name: N,
    payloads: Array<JobPayloads[N]>,
    options: JobsOptions = {},
  ): Promise<void> {
    if (this.config.jobs.inline) {
      for (const payload of payloads) {
        await this.runInline(name, payload).catch((error: Error) =>
          this.logger.warn(`${name} failed inline: ${error.message}`),
        );
      }
      return;
    }
    const opts = { ...DEFAULT_JOB_OPTIONS, ...options };
    await this.queue(QUEUE_OF_JOB[name]).addBulk(payloads.map((data) => ({ name, data, opts })));
  }

  /** Enqueues and waits for the worker's result; rejects after `timeoutMs`. */
  async enqueueAndWait<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    timeoutMs: number,
  ): Promise<JobResults[N]> {
    if (this.config.jobs.inline) return this.runInline(name, payload);
    const queue = this.queue(QUEUE_OF_JOB[name]);
    const events = await this.queueEvents(queue);
    // Finished jobs stay a minute: removed at once, a fast job can vanish before
    // waitUntilFinished looks at it, and the wait fails though the job succeeded.
    const job = await queue.add(name, payload, {
      removeOnComplete: { age: 60 },
      removeOnFail: { age: 60 },
    });
    return (await job.waitUntilFinished(events, timeoutMs)) as JobResults[N];
  }

  /** The BullMQ queue itself, to inspect jobs. */
  queue(name: QueueName): Queue {
    return this.queues[name];
  }

  private runInline<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<JobResults[N]> {
    if (!this.inlineDispatcher) {
      throw new Error('JOBS_INLINE is set, but this process has no job processors to run jobs');
    }
    return this.inlineDispatcher.run(name, payload);
  }

  /** One listener per queue, made on first use: only health checks and tests wait for jobs. */
  private queueEvents(queue: Queue): Promise<QueueEvents> {
    const name = queue.name as QueueName;
    let events = this.events.get(name);
    if (!events) {
      const listener = new QueueEvents(name, {
        prefix: queue.opts.prefix,
        connection: queue.opts.connection,
      });
      events = listener.waitUntilReady().then(() => listener);
      this.events.set(name, events);
    }
    return events;
  }

  /**
   * A queue still checking the Redis version when its shared connection closes reports the
   * closed connection as an unhandled error and kills the process (a short CLI command does
   * this), so shutdown first lets every queue finish starting, for a bounded time.
   */
  async beforeApplicationShutdown(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const bounded = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, QUEUE_READY_ON_SHUTDOWN_MS);
    });
    const ready = Promise.allSettled(Object.values(this.queues).map((q) => q.waitUntilReady()));
    await Promise.race([ready, bounded]);
    clearTimeout(timer);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.events.values()].map(async (events) => (await events).close()));
  }
}
