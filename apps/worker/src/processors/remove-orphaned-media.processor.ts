import { Injectable } from '@nestjs/common';
import { RemoveOrphanedMediaService } from '@nestodon/core';
import { JobName, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.RemoveOrphanedMedia;

/** The recurring cleanup of unattached uploads and media of deleted statuses. */
@Injectable()
export class RemoveOrphanedMediaProcessor implements JobProcessor<Job> {
  readonly job = JobName.RemoveOrphanedMedia;

  constructor(private readonly removal: RemoveOrphanedMediaService) {}

  async process(): Promise<JobResults[Job]> {
    return { removed: (await this.removal.call()).removed };
  }
}
