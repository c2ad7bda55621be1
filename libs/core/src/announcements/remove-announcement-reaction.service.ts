import { Injectable } from '@nestjs/common';
import { AnnouncementRepository, RecordNotFoundError } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { AnnouncementQueries } from './announcement-queries';

/** Takes back the account's reaction (404 without one); the new count is streamed. */
@Injectable()
export class RemoveAnnouncementReactionService {
  constructor(
    private readonly queries: AnnouncementQueries,
    private readonly announcements: AnnouncementRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(accountId: string, announcementId: string, name: string): Promise<void> {
    const announcement = await this.queries.published(announcementId);
    if (!(await this.announcements.removeReaction(accountId, announcement.id, name))) {
      throw new RecordNotFoundError();
    }
    await this.jobs.enqueue(JobName.PublishAnnouncementReaction, {
      announcementId: announcement.id,
      name,
    });
  }
}
