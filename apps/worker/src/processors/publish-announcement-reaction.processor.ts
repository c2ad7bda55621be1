import { Injectable } from '@nestjs/common';
import { AnnouncementBroadcaster } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.PublishAnnouncementReaction;

/** Streams the current count of an announcement's reaction to local users. */
@Injectable()
export class PublishAnnouncementReactionProcessor implements JobProcessor<Job> {
  constructor(private readonly broadcaster: AnnouncementBroadcaster) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    await this.broadcaster.reaction(payload.announcementId, payload.name);
  }
}
