import { Injectable } from '@nestjs/common';
import { MergeIntoFeedService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class FeedMergeProcessor implements JobProcessor<typeof JobName.FeedMerge> {
  constructor(private readonly merge: MergeIntoFeedService) {}
  async process(
    payload: JobPayloads[typeof JobName.FeedMerge],
  ): Promise<JobResults[typeof JobName.FeedMerge]> {
    await this.merge.call(payload.accountId, payload.targetAccountId, payload.listId);
  }
}
