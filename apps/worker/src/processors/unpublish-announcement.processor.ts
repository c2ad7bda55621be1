import { Injectable } from '@nestjs/common';
import { AnnouncementBroadcaster } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.UnpublishAnnouncement;

/** Tells local users' clients that an announcement is gone. */
@Injectable()
export class UnpublishAnnouncementProcessor implements JobProcessor<Job> {
  constructor(private readonly broadcaster: AnnouncementBroadcaster) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    await this.broadcaster.deletion(payload.announcementId);
  }
}
