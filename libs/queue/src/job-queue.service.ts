import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { RedisService } from '@nestodon/platform';
import { JobsOptions, Queue, QueueEvents } from 'bullmq';
import { JobName, JobPayloads, JobResults, QUEUE_OF_JOB, QueueName } from './job-names';
import { JobRegistry } from './job-registry';

const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

/**
 * Enqueues jobs for the worker. Call it after the transaction that wrote the rows commits.
 * With JOBS_INLINE the job runs here and now through the registry (end-to-end tests).
 */
@Injectable()
export class JobQueue implements OnApplicationShutdown {
  private readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, QueueEvents>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
    private readonly registry: JobRegistry,
  ) {}

  get prefix(): string {
    return `${this.config.redis.namespace}bull`;
  }

  async enqueue<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: JobsOptions = {},
  ): Promise<void> {
    if (this.config.jobs.inline) {
      await this.registry.run(name, payload);
      return;
    }
    await this.queue(QUEUE_OF_JOB[name]).add(name, payload, { ...DEFAULT_JOB_OPTIONS, ...options });
  }

  /** Enqueues and waits for the worker's result; rejects after `timeoutMs`. */
  async enqueueAndWait<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    timeoutMs: number,
  ): Promise<JobResults[N]> {
    if (this.config.jobs.inline) return this.registry.run(name, payload);
    const queueName = QUEUE_OF_JOB[name];
    const events = await this.queueEvents(queueName);
    // Finished jobs stay a minute: removed at once, a fast job can vanish before
    // waitUntilFinished looks at it, and the wait fails though the job succeeded.
    const job = await this.queue(queueName).add(name, payload, {
      removeOnComplete: { age: 60 },
      removeOnFail: { age: 60 },
    });
    return (await job.waitUntilFinished(events, timeoutMs)) as JobResults[N];
  }

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        prefix: this.prefix,
        connection: this.redis.connection({ maxRetriesPerRequest: null }),
      });
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async queueEvents(name: QueueName): Promise<QueueEvents> {
    let events = this.events.get(name);
    if (!events) {
      events = new QueueEvents(name, {
        prefix: this.prefix,
        connection: this.redis.connection({ maxRetriesPerRequest: null }),
      });
      this.events.set(name, events);
      await events.waitUntilReady();
    }
    return events;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.events.values()].map((events) => events.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
