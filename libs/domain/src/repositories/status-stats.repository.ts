import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { StatusStat } from '../entities/status-stat.entity';

export type StatusCounter = 'replies_count' | 'reblogs_count' | 'favourites_count' | 'quotes_count';

/** Atomic counter changes on status_stats (never below zero) and batch reads. */
@Injectable()
export class StatusStatsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds `by` (may be negative) to a counter, inside the caller's transaction when given. */
  async increment(
    statusId: string,
    counter: StatusCounter,
    by = 1,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO status_stats (status_id, ${counter}) VALUES ($1, GREATEST($2::bigint, 0))
       ON CONFLICT (status_id) DO UPDATE
         SET ${counter} = GREATEST(status_stats.${counter} + $2::bigint, 0), updated_at = now()`,
      [statusId, by],
    );
  }

  /** Stats of many statuses in one query, keyed by status id (missing rows are all zero). */
  async forStatuses(statusIds: string[]): Promise<Map<string, StatusStat>> {
    if (statusIds.length === 0) return new Map();
    const rows = await this.dataSource
      .getRepository(StatusStat)
      .findBy({ statusId: In([...new Set(statusIds)]) });
    return new Map(rows.map((row) => [row.statusId, row]));
  }
}
