import { Injectable } from '@nestjs/common';
import {
  Account,
  applyPageWindow,
  isValidId,
  MediaAttachment,
  PageWindow,
  RecordNotFoundError,
  ScheduledStatus,
} from '@nestodon/domain';
import { DataSource, In } from 'typeorm';

export interface ScheduledWithMedia {
  scheduled: ScheduledStatus;
  media: MediaAttachment[];
}

/** Reading one's scheduled statuses (with their media, in one query per page). */
@Injectable()
export class ScheduledStatusesService {
  constructor(private readonly dataSource: DataSource) {}

  async list(
    account: Account,
    page: PageWindow,
  ): Promise<{ items: ScheduledWithMedia[]; nextMaxId: string | null; prevMinId: string | null }> {
    const qb = this.dataSource
      .getRepository(ScheduledStatus)
      .createQueryBuilder('s')
      .where('s.account_id = :accountId', { accountId: account.id });
    applyPageWindow(qb, 's.id', page);
    let rows = await qb.getMany();
    const full = rows.length >= page.limit;
    if (page.minId) rows = rows.reverse();
    const items = await this.withMedia(rows);
    return {
      items,
      nextMaxId: full ? (rows[rows.length - 1]?.id ?? null) : null,
      prevMinId: rows[0]?.id ?? null,
    };
  }

  async find(account: Account, id: string): Promise<ScheduledWithMedia> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const scheduled = await this.dataSource
      .getRepository(ScheduledStatus)
      .findOneBy({ id, accountId: account.id });
    if (!scheduled) throw new RecordNotFoundError();
    return (await this.withMedia([scheduled]))[0];
  }

  async withMedia(rows: ScheduledStatus[]): Promise<ScheduledWithMedia[]> {
    const ids = rows.map((row) => row.id);
    const media = ids.length
      ? await this.dataSource.getRepository(MediaAttachment).findBy({ scheduledStatusId: In(ids) })
      : [];
    return rows.map((scheduled) => ({
      scheduled,
      media: media.filter((row) => row.scheduledStatusId === scheduled.id),
    }));
  }
}
