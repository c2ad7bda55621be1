import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { RedisService } from '@nestodon/platform';
import { JobName, JobQueue, JobRegistry, QueueName } from '@nestodon/queue';
import { Worker } from 'bullmq';

/** One BullMQ worker per queue, dispatching to the registered processors. */
@Injectable()
export class QueueWorkersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workers: Worker[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly redis: RedisService,
    private readonly registry: JobRegistry,
    private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const queue of Object.values(QueueName)) {
      const worker = new Worker(queue, (job) => this.registry.run(job.name as JobName, job.data), {
        prefix: this.jobs.prefix,
        connection: this.redis.connection({ maxRetriesPerRequest: null }),
        concurrency: this.config.jobs.concurrency,
      });
      worker.on('failed', (job, error) =>
        this.logger.warn(
          `${job?.name} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`,
        ),
      );
      worker.on('error', (error) => this.logger.error(error.message));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  /** Stops taking jobs and waits for the running ones to finish. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
