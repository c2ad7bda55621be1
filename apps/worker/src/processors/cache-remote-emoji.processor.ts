import { Injectable } from '@nestjs/common';
import { CacheRemoteEmojiService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.CacheRemoteEmoji;

/** Keeps a local copy of a remote custom emoji's image (a failure leaves its remote URL). */
@Injectable()
export class CacheRemoteEmojiProcessor implements JobProcessor<Job> {
  readonly job = JobName.CacheRemoteEmoji;

  constructor(private readonly caching: CacheRemoteEmojiService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    return { cached: await this.caching.call(payload.customEmojiId) };
  }
}
