import { Injectable } from '@nestjs/common';
import { AnnouncementRepository, RecordNotFoundError } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';

/** Deletes an announcement with its reactions and dismissals; clients are told if it was shown. */
@Injectable()
export class DeleteAnnouncementService {
  constructor(
    private readonly announcements: AnnouncementRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(id: string): Promise<void> {
    const existing = await this.announcements.findById(id);
    if (!existing || !(await this.announcements.delete(id))) {
      throw new RecordNotFoundError('Announcement not found');
    }
    if (existing.published) {
      await this.jobs.enqueue(JobName.UnpublishAnnouncement, { announcementId: id });
    }
  }
}
