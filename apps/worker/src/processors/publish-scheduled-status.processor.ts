import { Injectable } from '@nestjs/common';
import { PublishDueScheduledStatusesService, PublishScheduledStatusService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.PublishScheduledStatus;

/**
 * Publishes a scheduled status at its time (early or repeated runs do nothing), then any other
 * that is overdue.
 */
@Injectable()
export class PublishScheduledStatusProcessor implements JobProcessor<Job> {
  constructor(
    private readonly publish: PublishScheduledStatusService,
    private readonly publishDue: PublishDueScheduledStatusesService,
  ) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    const status = await this.publish.call(payload.scheduledStatusId);
    await this.publishDue.call();
    return { statusId: status?.id ?? null };
  }
}
