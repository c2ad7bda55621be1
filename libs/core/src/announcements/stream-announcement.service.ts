import { Injectable } from '@nestjs/common';
import { Announcement, AnnouncementRepository } from '@nestodon/domain';
import { AnnouncementBroadcaster } from './announcement-broadcaster';
import { AnnouncementQueries } from './announcement-queries';

/**
 * The PublishAnnouncement job: publishes a scheduled announcement once its time has come, then
 * streams a published one to local users (and catches up on overdue ones). Answers whether the
 * announcement of the job was streamed.
 */
@Injectable()
export class StreamAnnouncementService {
  constructor(
    private readonly announcements: AnnouncementRepository,
    private readonly queries: AnnouncementQueries,
    private readonly broadcaster: AnnouncementBroadcaster,
  ) {}

  async call(id: string, now = new Date()): Promise<boolean> {
    const announcement = await this.announcements.findById(id);
    const streamed = announcement ? await this.publishAndStream(announcement, now) : false;
    // Scheduled announcements whose job was lost are published by the next run of any.
    for (const overdue of await this.announcements.dueForPublication(now)) {
      if (overdue.id !== id) await this.publishAndStream(overdue, now);
    }
    return streamed;
  }

  private async publishAndStream(announcement: Announcement, now: Date): Promise<boolean> {
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
