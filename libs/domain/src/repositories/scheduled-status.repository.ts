import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { MediaAttachment } from '../entities/media-attachment.entity';
import { ScheduledStatus, ScheduledStatusParams } from '../entities/scheduled-status.entity';
import { Transaction } from '../transactions';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

/** Statuses waiting for their time: kept, listed, moved, cancelled and published. */
@Injectable()
export class ScheduledStatusRepository {
  private mapper?: EntityRowMapper<ScheduledStatus>;

  constructor(private readonly dataSource: DataSource) {}

  /** One of the account's scheduled statuses. */
  findOwned(id: string, accountId: string, tx?: Transaction): Promise<ScheduledStatus | null> {
    return (tx ?? this.dataSource.manager)
      .getRepository(ScheduledStatus)
      .findOneBy({ id, accountId });
  }

  /** A page of the account's scheduled statuses by id, newest first. */
  async page(accountId: string, page: IdPage): Promise<{ rows: ScheduledStatus[]; full: boolean }> {
    this.mapper ??= new EntityRowMapper(this.dataSource, ScheduledStatus, 's');
    const params: unknown[] = [accountId];
    const conditions = ['s.account_id = $1'];
    const { tail, reverse } = idPageSql('s.id', page, conditions, params);
    const rows = (
      await queryPreparedArrays(
        this.dataSource,
        `SELECT ${this.mapper.select} FROM scheduled_statuses s WHERE ${conditions.join(' AND ')} ${tail}`,
        params,
      )
    ).map((row) => this.mapper!.build(row, 0));
    return { rows: reverse ? rows.reverse() : rows, full: rows.length >= page.limit };
  }

  /** The media attached to these scheduled statuses. */
  mediaOf(scheduledIds: string[]): Promise<MediaAttachment[]> {
    if (scheduledIds.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(MediaAttachment)
      .findBy({ scheduledStatusId: In(scheduledIds) });
  }

  /**
   * How many statuses the account has scheduled in all, and on the UTC day of `at`, leaving
   * out `exceptId` (the one being moved).
   */
  async counts(
    accountId: string,
    at: Date,
    exceptId: string | null,
    tx: Transaction,
  ): Promise<{ total: number; day: number }> {
    const [counts] = (await tx.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE (scheduled_at AT TIME ZONE 'UTC')::date
                                   = ($2::timestamptz AT TIME ZONE 'UTC')::date)::int AS day
         FROM scheduled_statuses WHERE account_id = $1 AND ($3::bigint IS NULL OR id <> $3)`,
      [accountId, at, exceptId],
    )) as Array<{ total: number; day: number }>;
    return counts;
  }

  insert(
    accountId: string,
    scheduledAt: Date,
    params: ScheduledStatusParams,
    tx: Transaction,
  ): Promise<ScheduledStatus> {
    return tx.getRepository(ScheduledStatus).save({ accountId, scheduledAt, params });
  }

  /**
   * Attaches the account's unattached media to a scheduled status; returns how many were
   * attached (fewer than asked: some were taken meanwhile).
   */
  async attachMedia(
    scheduledId: string,
    accountId: string,
    mediaIds: string[],
    tx: Transaction,
  ): Promise<number> {
    const [, attached] = (await tx.query(
      `UPDATE media_attachments SET scheduled_status_id = $1, updated_at = now()
        WHERE id = ANY($2::bigint[]) AND account_id = $3
          AND status_id IS NULL AND scheduled_status_id IS NULL`,
      [scheduledId, mediaIds, accountId],
    )) as [unknown, number];
    return attached;
  }

  reschedule(scheduled: ScheduledStatus, at: Date, tx: Transaction): Promise<ScheduledStatus> {
    scheduled.scheduledAt = at;
    return tx.getRepository(ScheduledStatus).save(scheduled);
  }

  /** Deletes one of the account's scheduled statuses; false when there was none. */
  async deleteOwned(id: string, accountId: string): Promise<boolean> {
    const [rows] = (await this.dataSource.query(
      `DELETE FROM scheduled_statuses WHERE id = $1 AND account_id = $2 RETURNING id`,
      [id, accountId],
    )) as [unknown[], number];
    return rows.length > 0;
  }

  async delete(id: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).delete(ScheduledStatus, { id });
  }

  /** Locks a scheduled status for publication; null when missing or another worker has it. */
  lockForPublication(id: string, tx: Transaction): Promise<ScheduledStatus | null> {
    return tx
      .getRepository(ScheduledStatus)
      .createQueryBuilder('s')
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .where('s.id = :id', { id })
      .getOne();
  }

  /** Ids of scheduled statuses whose time has come, oldest first. */
  async dueIds(now: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text AS id FROM scheduled_statuses WHERE scheduled_at <= $1
        ORDER BY scheduled_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => row.id);
  }
}
