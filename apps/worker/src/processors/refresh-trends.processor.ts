import { Injectable } from '@nestjs/common';
import { RefreshTrendsService } from '@nestodon/core';
import { JobName, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.RefreshTrends;

/** Recomputes the trends (recurring). */
@Injectable()
export class RefreshTrendsProcessor implements JobProcessor<Job> {
  readonly job = JobName.RefreshTrends;

  constructor(private readonly trends: RefreshTrendsService) {}

  async process(): Promise<JobResults[Job]> {
    await this.trends.call();
    return { refreshed: true };
  }
}
