import { Injectable } from '@nestjs/common';
import { CacheRemoteMediaService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.CacheRemoteMedia;

/** Keeps a local copy of a remote attachment (a failure leaves its remote URL served). */
@Injectable()
export class CacheRemoteMediaProcessor implements JobProcessor<Job> {
  readonly job = JobName.CacheRemoteMedia;

  constructor(private readonly caching: CacheRemoteMediaService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    return { cached: await this.caching.call(payload.mediaAttachmentId) };
  }
}
