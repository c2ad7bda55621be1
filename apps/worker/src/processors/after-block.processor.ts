import { Injectable } from '@nestjs/common';
import { ClearBlockTracesService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class AfterBlockProcessor implements JobProcessor<typeof JobName.AfterBlock> {
  constructor(private readonly traces: ClearBlockTracesService) {}
  async process(
    payload: JobPayloads[typeof JobName.AfterBlock],
  ): Promise<JobResults[typeof JobName.AfterBlock]> {
    await this.traces.call(payload.accountId, payload.targetAccountId);
  }
}
