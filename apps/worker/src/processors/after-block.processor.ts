import { Injectable } from '@nestjs/common';
import { ClearRelationshipTracesService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class AfterBlockProcessor implements JobProcessor<typeof JobName.AfterBlock> {
  readonly job = JobName.AfterBlock;
  constructor(private readonly traces: ClearRelationshipTracesService) {}
  async process(
    payload: JobPayloads[typeof JobName.AfterBlock],
  ): Promise<JobResults[typeof JobName.AfterBlock]> {
    await this.traces.afterBlock(payload.accountId, payload.targetAccountId);
  }
}
