import { Injectable } from '@nestjs/common';
import { NotifyAdminsOfSignUpService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class NotifyAdminsOfSignUpProcessor implements JobProcessor<
  typeof JobName.NotifyAdminsOfSignUp
> {
  constructor(private readonly notifier: NotifyAdminsOfSignUpService) {}
  async process(
    payload: JobPayloads[typeof JobName.NotifyAdminsOfSignUp],
  ): Promise<JobResults[typeof JobName.NotifyAdminsOfSignUp]> {
    await this.notifier.call(payload.accountId);
  }
}
