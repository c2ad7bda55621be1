import { Injectable } from '@nestjs/common';
import { SendConfirmationEmailService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor } from '@nestodon/queue';

@Injectable()
export class SendConfirmationEmailProcessor implements JobProcessor<
  typeof JobName.SendConfirmationEmail
> {
  constructor(private readonly service: SendConfirmationEmailService) {}

  async process(payload: JobPayloads[typeof JobName.SendConfirmationEmail]): Promise<void> {
    await this.service.call(payload.userId);
  }
}
