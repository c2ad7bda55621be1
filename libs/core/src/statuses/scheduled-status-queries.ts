import { Injectable } from '@nestjs/common';
import {
  Account,
  IdPage,
  isValidId,
  MediaAttachment,
  RecordNotFoundError,
  ScheduledStatus,
  ScheduledStatusRepository,
} from '@nestodon/domain';

export interface ScheduledWithMedia {
  scheduled: ScheduledStatus;
  media: MediaAttachment[];
}

/**
 * Reads of one's scheduled statuses, with their media (one query per page): a read-only query
 * service.
 */
@Injectable()
export class ScheduledStatusQueries {
  constructor(private readonly scheduledStatuses: ScheduledStatusRepository) {}

  async list(
    account: Account,
    page: IdPage,
  ): Promise<{ items: ScheduledWithMedia[]; nextMaxId: string | null; prevMinId: string | null }> {
    const { rows, full } = await this.scheduledStatuses.page(account.id, page);
    return {
      items: await this.withMedia(rows),
      nextMaxId: full ? (rows[rows.length - 1]?.id ?? null) : null,
      prevMinId: rows[0]?.id ?? null,
    };
  }

  async find(account: Account, id: string): Promise<ScheduledWithMedia> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const scheduled = await this.scheduledStatuses.findOwned(id, account.id);
    if (!scheduled) throw new RecordNotFoundError();
    return (await this.withMedia([scheduled]))[0];
  }

  async withMedia(rows: ScheduledStatus[]): Promise<ScheduledWithMedia[]> {
    const media = await this.scheduledStatuses.mediaOf(rows.map((row) => row.id));
    return rows.map((scheduled) => ({
      scheduled,
      media: media.filter((row) => row.scheduledStatusId === scheduled.id),
    }));
  }
}
