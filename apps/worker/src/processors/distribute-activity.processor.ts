import { Injectable } from '@nestjs/common';
import { DistributeActivityService } from '@nestodon/activitypub/outbox';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class DistributeActivityProcessor implements JobProcessor<
  typeof JobName.DistributeActivity
> {
  constructor(private readonly distribute: DistributeActivityService) {}
  async process(
    payload: JobPayloads[typeof JobName.DistributeActivity],
  ): Promise<JobResults[typeof JobName.DistributeActivity]> {
    return { inboxes: await this.distribute.call(payload) };
  }
}
