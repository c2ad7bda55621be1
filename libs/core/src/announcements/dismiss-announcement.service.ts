import { Injectable } from '@nestjs/common';
import { AnnouncementRepository } from '@nestodon/domain';
import { AnnouncementQueries } from './announcement-queries';

/** Marks a published announcement read for the account (again: nothing changes). */
@Injectable()
export class DismissAnnouncementService {
  constructor(
    private readonly queries: AnnouncementQueries,
    private readonly announcements: AnnouncementRepository,
  ) {}

  async call(accountId: string, announcementId: string): Promise<void> {
    const announcement = await this.queries.published(announcementId);
    await this.announcements.dismiss(accountId, announcement.id);
  }
}
