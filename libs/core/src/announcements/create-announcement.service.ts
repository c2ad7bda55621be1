import { Injectable } from '@nestjs/common';
import { Announcement, AnnouncementRepository } from '@nestodon/domain';
import { JobQueue } from '@nestodon/queue';
import {
  AnnouncementAttributes,
  enqueueAnnouncementPublication,
  validateAnnouncement,
} from './announcement-rules';

/** A new announcement by staff: published at once unless scheduled for later. */
@Injectable()
export class CreateAnnouncementService {
  constructor(
    private readonly announcements: AnnouncementRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(attributes: AnnouncementAttributes): Promise<Announcement> {
    const now = new Date();
    const later = attributes.scheduledAt && attributes.scheduledAt > now;
    const draft = Object.assign(new Announcement(), {
      text: attributes.text ?? '',
      startsAt: attributes.startsAt ?? null,
      endsAt: attributes.endsAt ?? null,
      allDay: attributes.allDay ?? false,
      scheduledAt: later ? attributes.scheduledAt : null,
      statusIds: attributes.statusIds?.length ? attributes.statusIds : null,
      published: !later,
      publishedAt: later ? null : now,
    });
    validateAnnouncement(draft);
    const announcement = await this.announcements.save(draft);
    await enqueueAnnouncementPublication(this.jobs, announcement);
    return announcement;
  }
}
