import { Injectable } from '@nestjs/common';
import { AnnouncementRepository } from '@nestodon/domain';
import { AnnouncementBroadcaster } from './announcement-broadcaster';
import { AnnouncementQueries } from './announcement-queries';

/**
 * The PublishAnnouncement job: publishes a scheduled announcement once its time has come, then
 * streams a published one to local users. Answers whether it was streamed.
 */
@Injectable()
export class StreamAnnouncementService {
  constructor(
    private readonly announcements: AnnouncementRepository,
    private readonly queries: AnnouncementQueries,
    private readonly broadcaster: AnnouncementBroadcaster,
  ) {}

  async call(id: string, now = new Date()): Promise<boolean> {
    let announcement = await this.announcements.findById(id);
    if (!announcement) return false;
    if (!announcement.published && announcement.scheduledAt && announcement.scheduledAt <= now) {
      announcement = await this.announcements.save(
        Object.assign(announcement, { published: true, publishedAt: now, scheduledAt: null }),
      );
    }
    if (!announcement.published) return false;
    const [json] = await this.queries.present([announcement], null);
    await this.broadcaster.announcement(json);
    return true;
  }
}
