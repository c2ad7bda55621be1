import { Injectable } from '@nestjs/common';
import { Announcement, AnnouncementRepository, RecordNotFoundError } from '@nestodon/domain';
import { JobQueue } from '@nestodon/queue';
import {
  AnnouncementAttributes,
  enqueueAnnouncementPublication,
  validateAnnouncement,
} from './announcement-rules';

/** Changes an announcement; a published one is streamed again, a rescheduled one re-queued. */
@Injectable()
export class UpdateAnnouncementService {
  constructor(
    private readonly announcements: AnnouncementRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(id: string, attributes: AnnouncementAttributes): Promise<Announcement> {
    const existing = await this.announcements.findById(id);
    if (!existing) throw new RecordNotFoundError('Announcement not found');
    const { statusIds, ...rest } = attributes;
    const changed = Object.assign(existing, rest);
    if (statusIds !== undefined) changed.statusIds = statusIds.length ? statusIds : null;
    validateAnnouncement(changed);
    const announcement = await this.announcements.save(changed);
    await enqueueAnnouncementPublication(this.jobs, announcement);
    return announcement;
  }
}
