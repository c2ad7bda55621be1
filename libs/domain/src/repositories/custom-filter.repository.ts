import { Injectable } from '@nestjs/common';
import { DataSource, DeepPartial, In } from 'typeorm';
import { CustomFilter, FilterContextName } from '../entities/custom-filter.entity';
import { CustomFilterKeyword } from '../entities/custom-filter-keyword.entity';
import { CustomFilterStatus } from '../entities/custom-filter-status.entity';
import { Transaction } from '../transactions';

/**
 * A filter in force as one plain row with its keywords and status ids (JSON-safe, so it can
 * be cached as it is).
 */
export interface ActiveFilterRow {
  id: string;
  phrase: string;
  context: FilterContextName[];
  action: number;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  keywords: Array<{ keyword: string; whole_word: boolean }>;
  status_ids: string[];
}

/** Why a status could not be added to a filter. */
export type FilterStatusRefusal = 'unknown-status' | 'already-filtered';

/** Users' filters (v2) with their keywords and statuses. */
@Injectable()
export class CustomFilterRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(tx?: Transaction) {
    return tx ?? this.dataSource.manager;
  }

  /** The account's filters, oldest first. */
  filtersOf(accountId: string): Promise<CustomFilter[]> {
    return this.dataSource
      .getRepository(CustomFilter)
      .find({ where: { accountId }, order: { id: 'ASC' } });
  }

  /** One of the account's filters, or null. */
  ownedFilter(accountId: string, id: string): Promise<CustomFilter | null> {
    return this.dataSource.getRepository(CustomFilter).findOneBy({ id, accountId });
  }

  /** Keywords and statuses of these filters, oldest first, in two queries. */
  async rulesOf(
    filterIds: string[],
  ): Promise<{ keywords: CustomFilterKeyword[]; statuses: CustomFilterStatus[] }> {
    const [keywords, statuses] = await Promise.all([
      this.dataSource
        .getRepository(CustomFilterKeyword)
        .find({ where: { customFilterId: In(filterIds) }, order: { id: 'ASC' } }),
      this.dataSource
        .getRepository(CustomFilterStatus)
        .find({ where: { customFilterId: In(filterIds) }, order: { id: 'ASC' } }),
    ]);
    return { keywords, statuses };
  }

  keyword(id: string): Promise<CustomFilterKeyword | null> {
    return this.dataSource.getRepository(CustomFilterKeyword).findOneBy({ id });
  }

  /** A keyword of one filter, read inside the caller's transaction. */
  keywordOfFilter(
    id: string,
    filterId: string,
    tx?: Transaction,
  ): Promise<CustomFilterKeyword | null> {
    return this.manager(tx)
      .getRepository(CustomFilterKeyword)
      .findOneBy({ id, customFilterId: filterId });
  }

  filterStatus(id: string): Promise<CustomFilterStatus | null> {
    return this.dataSource.getRepository(CustomFilterStatus).findOneBy({ id });
  }

  /** Inserts a filter or saves changes to one; returns it as stored. */
  saveFilter(filter: DeepPartial<CustomFilter>, tx?: Transaction): Promise<CustomFilter> {
    return this.manager(tx).getRepository(CustomFilter).save(filter);
  }

  /** Deletes a filter with its keywords and statuses. */
  async deleteFilter(id: string): Promise<void> {
    await this.dataSource.getRepository(CustomFilter).delete({ id });
  }

  /** Inserts a keyword or saves changes to one; returns it as stored. */
  saveKeyword(
    keyword: DeepPartial<CustomFilterKeyword>,
    tx?: Transaction,
  ): Promise<CustomFilterKeyword> {
    return this.manager(tx).getRepository(CustomFilterKeyword).save(keyword);
  }

  async deleteKeyword(id: string, tx?: Transaction): Promise<void> {
    await this.manager(tx).getRepository(CustomFilterKeyword).delete({ id });
  }

  /** How many keywords a filter has. */
  async countKeywords(filterId: string, tx?: Transaction): Promise<number> {
    return this.manager(tx)
      .getRepository(CustomFilterKeyword)
      .countBy({ customFilterId: filterId });
  }

  /**
   * Makes the filter match a status by id. Refused when the status does not exist (or is
   * deleted) or the filter already has it.
   */
  async addStatus(
    filterId: string,
    statusId: string,
  ): Promise<CustomFilterStatus | FilterStatusRefusal> {
    const exists: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM statuses WHERE id = $1 AND deleted_at IS NULL`,
      [statusId],
    );
    if (exists.length === 0) return 'unknown-status';
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO custom_filter_statuses (custom_filter_id, status_id) VALUES ($1, $2)
       ON CONFLICT (custom_filter_id, status_id) DO NOTHING RETURNING id::text`,
      [filterId, statusId],
    );
    if (rows.length === 0) return 'already-filtered';
    return this.dataSource.getRepository(CustomFilterStatus).findOneByOrFail({ id: rows[0].id });
  }

  async deleteStatus(id: string): Promise<void> {
    await this.dataSource.getRepository(CustomFilterStatus).delete({ id });
  }

  /** The account's unexpired filters with keywords and status ids, in one query. */
  activeRows(accountId: string): Promise<ActiveFilterRow[]> {
    return this.dataSource.query(
      `SELECT f.id::text, f.phrase, f.context, f.action, f.expires_at, f.created_at, f.updated_at,
              COALESCE((SELECT json_agg(json_build_object('keyword', k.keyword, 'whole_word', k.whole_word)
                                 ORDER BY k.id)
                          FROM custom_filter_keywords k WHERE k.custom_filter_id = f.id), '[]'::json) AS keywords,
              ARRAY(SELECT s.status_id::text FROM custom_filter_statuses s
                     WHERE s.custom_filter_id = f.id) AS status_ids
         FROM custom_filters f
        WHERE f.account_id = $1 AND (f.expires_at IS NULL OR f.expires_at > now())
        ORDER BY f.id`,
      [accountId],
    );
  }

  /** Poll options and media descriptions of statuses, which keyword filters also read. */
  async extraText(statusIds: string[]): Promise<Map<string, string[]>> {
    const rows: Array<{ status_id: string; text: string }> = await this.dataSource.query(
      `SELECT status_id::text, array_to_string(options, E'\\n\\n') AS text FROM polls
        WHERE status_id = ANY($1::bigint[])
       UNION ALL
       SELECT status_id::text, description FROM media_attachments
        WHERE status_id = ANY($1::bigint[]) AND description IS NOT NULL AND description <> ''`,
      [[...new Set(statusIds)]],
    );
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.status_id, [...(map.get(row.status_id) ?? []), row.text]);
    return map;
  }
}
