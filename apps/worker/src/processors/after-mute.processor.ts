import { Injectable } from '@nestjs/common';
import { ClearMuteTracesService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class AfterMuteProcessor implements JobProcessor<typeof JobName.AfterMute> {
  constructor(private readonly traces: ClearMuteTracesService) {}
  async process(
    payload: JobPayloads[typeof JobName.AfterMute],
  ): Promise<JobResults[typeof JobName.AfterMute]> {
    await this.traces.call(payload.accountId, payload.targetAccountId);
  }
}
