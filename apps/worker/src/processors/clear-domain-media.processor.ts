import { Injectable } from '@nestjs/common';
import { ClearDomainMediaService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.ClearDomainMedia;

/** Clears the media copies and emojis of a server whose media are now rejected. */
@Injectable()
export class ClearDomainMediaProcessor implements JobProcessor<Job> {
  readonly job = JobName.ClearDomainMedia;

  constructor(private readonly clearing: ClearDomainMediaService) {}

  process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    return this.clearing.call(payload.domain);
  }
}
