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
 * Registers the recurring jobs with the job backend at boot; every worker does, and each job
 * still runs once per period (see JobBackend.repeat).
 */
@Injectable()
export class RecurringJobsService implements OnApplicationBootstrap {
  constructor(private readonly jobs: JobQueue) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const { job, everyMs, payload } of RECURRING_JOBS) {
      await this.jobs.backend.repeat(QUEUE_OF_JOB[job], job, payload, everyMs);
    }
  }
}
