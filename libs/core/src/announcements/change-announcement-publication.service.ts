import { Injectable } from '@nestjs/common';
import { AnnouncementRepository, RecordNotFoundError } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';

/** Publishes an announcement now (dropping its schedule), or takes it back from clients. */
@Injectable()
export class ChangeAnnouncementPublicationService {
  constructor(
    private readonly announcements: AnnouncementRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(id: string, publish: boolean): Promise<void> {
    const announcement = await this.announcements.findById(id);
    if (!announcement) throw new RecordNotFoundError('Announcement not found');
    const wasPublished = announcement.published;
    announcement.published = publish;
    announcement.scheduledAt = null;
    if (publish) announcement.publishedAt = new Date();
    await this.announcements.save(announcement);
    if (publish) {
      await this.jobs.enqueue(JobName.PublishAnnouncement, { announcementId: id });
    } else if (wasPublished) {
      await this.jobs.enqueue(JobName.UnpublishAnnouncement, { announcementId: id });
    }
  }
}
