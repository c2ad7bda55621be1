import { Injectable } from '@nestjs/common';
import { PublishScheduledStatusService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.PublishScheduledStatus;

/**
 * Publishes a scheduled status at its time (early or repeated runs do nothing), then any other
 * that is overdue.
 */
@Injectable()
export class PublishScheduledStatusProcessor implements JobProcessor<Job> {
  readonly job = JobName.PublishScheduledStatus;

  constructor(private readonly publish: PublishScheduledStatusService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    const status = await this.publish.call(payload.scheduledStatusId);
    await this.publish.publishDue();
    return { statusId: status?.id ?? null };
  }
}
