import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, QueueName } from '@nestodon/config';
import { Queue } from 'bullmq';
import { BullJobBackend } from './bullmq-job-backend';
import { DEFAULT_ENQUEUE_OPTIONS, EnqueueOptions, JOB_BACKEND, JobBackend } from './job-backend';
import { JobDispatcher } from './job-dispatcher';
import { JobName, JobPayloads, JobResults, QUEUE_OF_JOB } from './job-names';

/**
 * Enqueues jobs for the worker, on the backend QueueModule chose (Redis or PostgreSQL). Call it
 * after the transaction that wrote the rows commits. Under JOBS_INLINE the job runs here and
 * now instead, through the dispatcher of the job processors in this process (end-to-end tests).
 */
@Injectable()
export class JobQueue {
  private readonly logger = new Logger('JobQueue');
  private inlineDispatcher?: JobDispatcher;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_BACKEND) readonly backend: JobBackend,
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
    options: EnqueueOptions = {},
  ): Promise<void> {
    if (this.config.jobs.inline) {
      await this.runInline(name, payload);
      return;
    }
    await this.backend.add(QUEUE_OF_JOB[name], name, payload, {
      ...DEFAULT_ENQUEUE_OPTIONS,
      ...options,
    });
  }

  /**
   * Enqueues jobs of one kind in one round trip. Inline they run one after another, and one
   * that fails is logged and the others still run: in the worker each fails alone, unseen by
   * the enqueuer (a delivery to a server that is down must not fail a post).
   */
  async enqueueMany<N extends JobName>(
    name: N,
    payloads: Array<JobPayloads[N]>,
    options: EnqueueOptions = {},
  ): Promise<void> {
    if (this.config.jobs.inline) {
      for (const payload of payloads) {
        await this.runInline(name, payload).catch((error: Error) =>
          this.logger.warn(`${name} failed inline: ${error.message}`),
        );
      }
      return;
    }
    await this.backend.addMany(QUEUE_OF_JOB[name], name, payloads, {
      ...DEFAULT_ENQUEUE_OPTIONS,
      ...options,
    });
  }

  /** Enqueues and waits for the worker's result; rejects after `timeoutMs`. */
  async enqueueAndWait<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    timeoutMs: number,
  ): Promise<JobResults[N]> {
    if (this.config.jobs.inline) return this.runInline(name, payload);
    return (await this.backend.addAndWait(
      QUEUE_OF_JOB[name],
      name,
      payload,
      timeoutMs,
    )) as JobResults[N];
  }

  /** The BullMQ queue itself, to inspect jobs (tests); there is none without Redis. */
  queue(name: QueueName): Queue {
    if (!(this.backend instanceof BullJobBackend)) {
      throw new Error('The jobs are in PostgreSQL (no Redis): there is no BullMQ queue');
    }
    return this.backend.queues[name];
  }

  private runInline<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<JobResults[N]> {
    if (!this.inlineDispatcher) {
      throw new Error('JOBS_INLINE is set, but this process has no job processors to run jobs');
    }
    return this.inlineDispatcher.run(name, payload);
  }
}
