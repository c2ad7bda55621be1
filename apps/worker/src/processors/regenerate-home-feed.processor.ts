import { Injectable } from '@nestjs/common';
import { RegenerateHomeFeedService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class RegenerateHomeFeedProcessor implements JobProcessor<
  typeof JobName.RegenerateHomeFeed
> {
  constructor(private readonly regeneration: RegenerateHomeFeedService) {}
  async process(
    payload: JobPayloads[typeof JobName.RegenerateHomeFeed],
  ): Promise<JobResults[typeof JobName.RegenerateHomeFeed]> {
    await this.regeneration.call(payload.accountId);
  }
}
