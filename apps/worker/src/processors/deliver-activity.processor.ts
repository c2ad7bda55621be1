import { Injectable } from '@nestjs/common';
import { DeliverActivityService } from '@nestodon/activitypub/outbox';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class DeliverActivityProcessor implements JobProcessor<typeof JobName.DeliverActivity> {
  constructor(private readonly deliver: DeliverActivityService) {}
  async process(
    payload: JobPayloads[typeof JobName.DeliverActivity],
  ): Promise<JobResults[typeof JobName.DeliverActivity]> {
    return { outcome: await this.deliver.call(payload) };
  }
}
