import { Injectable } from '@nestjs/common';
import { DeliverWebPushService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class DeliverWebPushProcessor implements JobProcessor<typeof JobName.DeliverWebPush> {
  constructor(private readonly webPush: DeliverWebPushService) {}
  async process(
    payload: JobPayloads[typeof JobName.DeliverWebPush],
  ): Promise<JobResults[typeof JobName.DeliverWebPush]> {
    return { outcome: await this.webPush.call(payload.subscriptionId, payload.notificationId) };
  }
}
