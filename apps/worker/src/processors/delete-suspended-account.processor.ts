import { Injectable } from '@nestjs/common';
import { DeleteSuspendedAccountService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class DeleteSuspendedAccountProcessor implements JobProcessor<
  typeof JobName.DeleteSuspendedAccount
> {
  constructor(private readonly deleter: DeleteSuspendedAccountService) {}
  async process(
    payload: JobPayloads[typeof JobName.DeleteSuspendedAccount],
  ): Promise<JobResults[typeof JobName.DeleteSuspendedAccount]> {
    return { deleted: await this.deleter.call(payload.accountId) };
  }
}
