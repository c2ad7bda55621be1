import { Injectable } from '@nestjs/common';
import { StreamAnnouncementService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.PublishAnnouncement;

/** Publishes a scheduled announcement when due and streams a published one to local users. */
@Injectable()
export class PublishAnnouncementProcessor implements JobProcessor<Job> {
  constructor(private readonly stream: StreamAnnouncementService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    return { published: await this.stream.call(payload.announcementId) };
  }
}
