import { Injectable } from '@nestjs/common';
import { ClearDomainBlockTracesService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class AfterDomainBlockProcessor implements JobProcessor<typeof JobName.AfterDomainBlock> {
  constructor(private readonly traces: ClearDomainBlockTracesService) {}
  async process(
    payload: JobPayloads[typeof JobName.AfterDomainBlock],
  ): Promise<JobResults[typeof JobName.AfterDomainBlock]> {
    await this.traces.call(payload.accountId, payload.domain);
  }
}
