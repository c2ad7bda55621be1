import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { JobName, JobPayloads, JobQueue, QUEUE_OF_JOB } from '@nestodon/queue';

/** Jobs the worker runs on a schedule, with how often. */
export const RECURRING_JOBS: Array<{
  job: JobName;
  everyMs: number;
  payload: JobPayloads[JobName];
}> = [
  { job: JobName.RemoveOrphanedMedia, everyMs: 3600_000, payload: {} },
  { job: JobName.RefreshTrends, everyMs: 600_000, payload: {} },
];

/**
 * Registers the recurring jobs with BullMQ at boot. A scheduler is kept in Redis under the
 * job's name, so every worker registering it at boot leaves one schedule, not one per worker.
 */
@Injectable()
export class RecurringJobsService implements OnApplicationBootstrap {
  constructor(private readonly jobs: JobQueue) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const { job, everyMs, payload } of RECURRING_JOBS) {
      await this.jobs
        .queue(QUEUE_OF_JOB[job])
        .upsertJobScheduler(job, { every: everyMs }, { name: job, data: payload });
    }
  }
}
