import { Injectable } from '@nestjs/common';
import { UnmergeFromFeedService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class FeedUnmergeProcessor implements JobProcessor<typeof JobName.FeedUnmerge> {
  constructor(private readonly unmerge: UnmergeFromFeedService) {}
  async process(
    payload: JobPayloads[typeof JobName.FeedUnmerge],
  ): Promise<JobResults[typeof JobName.FeedUnmerge]> {
    await this.unmerge.call(payload.accountId, payload.targetAccountId, payload.listId);
  }
}
