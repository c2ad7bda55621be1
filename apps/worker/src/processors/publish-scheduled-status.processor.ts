import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { PublishScheduledStatusService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.PublishScheduledStatus;

/**
 * Publishes a scheduled status at its time (early or repeated runs do nothing). The service is
 * looked up when a job runs: it enqueues jobs itself, and the job registry is built from the
 * processors, so injecting it here would be a dependency cycle.
 */
@Injectable()
export class PublishScheduledStatusProcessor implements JobProcessor<Job> {
  readonly job = JobName.PublishScheduledStatus;

  constructor(private readonly moduleRef: ModuleRef) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    const publish = this.moduleRef.get(PublishScheduledStatusService, { strict: false });
    const status = await publish.call(payload.scheduledStatusId);
    return { statusId: status?.id ?? null };
  }
}
