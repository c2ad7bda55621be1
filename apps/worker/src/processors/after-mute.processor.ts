import { Injectable } from '@nestjs/common';
import { ClearRelationshipTracesService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class AfterMuteProcessor implements JobProcessor<typeof JobName.AfterMute> {
  readonly job = JobName.AfterMute;
  constructor(private readonly traces: ClearRelationshipTracesService) {}
  async process(
    payload: JobPayloads[typeof JobName.AfterMute],
  ): Promise<JobResults[typeof JobName.AfterMute]> {
    await this.traces.afterMute(payload.accountId, payload.targetAccountId);
  }
}
