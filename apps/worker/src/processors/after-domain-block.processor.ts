import { Injectable } from '@nestjs/common';
import { ClearRelationshipTracesService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class AfterDomainBlockProcessor implements JobProcessor<typeof JobName.AfterDomainBlock> {
  readonly job = JobName.AfterDomainBlock;
  constructor(private readonly traces: ClearRelationshipTracesService) {}
  async process(
    payload: JobPayloads[typeof JobName.AfterDomainBlock],
  ): Promise<JobResults[typeof JobName.AfterDomainBlock]> {
    await this.traces.afterDomainBlock(payload.accountId, payload.domain);
  }
}
