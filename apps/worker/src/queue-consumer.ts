import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { APP_CONFIG, AppConfig, QueueName } from '@nestodon/config';
import {
  ConsumedJob,
  JOB_BACKEND,
  JobBackend,
  JobDispatcher,
  JobName,
  JobPayloads,
} from '@nestodon/queue';
import { hostname } from 'node:os';
import { JobMetrics } from './job-metrics.service';

/** This process as a job's `processedBy`: host and pid, as Sidekiq names its processes. */
export const WORKER_NAME = `${hostname()}:${process.pid}`;

/**
 * Takes the jobs of the queues of WORKER_QUEUES, each at its concurrency, from the job backend
 * (Redis or PostgreSQL) and runs each through the dispatcher, by its name.
 */
@Injectable()
export class QueueConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_BACKEND) private readonly backend: JobBackend,
    private readonly dispatcher: JobDispatcher,
    private readonly metrics: JobMetrics,
  ) {}

  /** The consumers are connected before the application counts as started. */
  async onApplicationBootstrap(): Promise<void> {
    const { queues, lockMs } = this.config.jobs;
    for (const { name, concurrency } of queues) {
      await this.backend.consume(name, { concurrency, lockMs, workerName: WORKER_NAME }, (job) =>
        this.process(name, job),
      );
    }
  }

  private async process(queue: QueueName, job: ConsumedJob): Promise<unknown> {
    try {
      return await this.metrics.observe(queue, job, () =>
        this.dispatcher.run(job.name, job.data as JobPayloads[JobName]),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn(
        `${job.name} ${job.id} failed (attempt ${job.attemptsMade + 1}): ${message}`,
      );
      throw error;
    }
  }

  /**
   * Stops taking jobs and waits for the running ones, while the database and Redis are still
   * open (they close in the shutdown hooks that follow).
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.backend.stopConsuming();
  }
}
