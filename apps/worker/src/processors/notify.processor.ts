import { Injectable } from '@nestjs/common';
import { NotifyService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class NotifyProcessor implements JobProcessor<typeof JobName.Notify> {
  constructor(private readonly notifier: NotifyService) {}
  async process(
    payload: JobPayloads[typeof JobName.Notify],
  ): Promise<JobResults[typeof JobName.Notify]> {
    const { notification } = await this.notifier.call(payload);
    return { notificationId: notification ? String(notification.id) : null };
  }
}
