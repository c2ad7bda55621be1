import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Report } from '../entities/report.entity';
import { Transaction } from '../transactions';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

export type NewReport = Pick<
  Report,
  | 'accountId'
  | 'targetAccountId'
  | 'statusIds'
  | 'ruleIds'
  | 'comment'
  | 'category'
  | 'forwarded'
  | 'forwardToDomains'
  | 'applicationId'
> &
  Partial<Pick<Report, 'uri'>>;

export type ReportChanges = Partial<
  Pick<
    Report,
    'category' | 'ruleIds' | 'assignedAccountId' | 'actionTakenAt' | 'actionTakenByAccountId'
  >
>;

/** What the moderators' list filters on (Mastodon's ReportFilter keys of the API). */
export interface ReportFilter {
  /** true: resolved only; false: open only (the default of the API). */
  resolved: boolean;
  accountId?: string;
  targetAccountId?: string;
}

/** Reports of accounts to the moderators. */
@Injectable()
export class ReportRepository {
  private readonly rows: EntityRowMapper<Report>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = new EntityRowMapper(dataSource, Report, 'r');
  }

  insert(values: NewReport, tx?: Transaction): Promise<Report> {
    return this.manager(tx).getRepository(Report).save(values);
  }

  findById(id: string, tx?: Transaction): Promise<Report | null> {
    return this.manager(tx).getRepository(Report).findOneBy({ id });
  }

  findByIds(ids: string[]): Promise<Report[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(Report).findBy({ id: In([...new Set(ids)]) });
  }

  /** Whether another open report names the same account (staff heard of it already). */
  async hasOpenSiblings(report: Pick<Report, 'id' | 'targetAccountId'>): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM reports
        WHERE target_account_id = $1 AND id <> $2 AND action_taken_at IS NULL LIMIT 1`,
      [report.targetAccountId, report.id],
    );
    return rows.length > 0;
  }

  /** A page of reports, newest first. */
  async page(filter: ReportFilter, page: IdPage): Promise<Report[]> {
    const params: unknown[] = [];
    const conditions = [
      filter.resolved ? 'r.action_taken_at IS NOT NULL' : 'r.action_taken_at IS NULL',
    ];
    if (filter.accountId) {
      params.push(filter.accountId);
      conditions.push(`r.account_id = $${params.length}::bigint`);
    }
    if (filter.targetAccountId) {
      params.push(filter.targetAccountId);
      conditions.push(`r.target_account_id = $${params.length}::bigint`);
    }
    const { tail, reverse } = idPageSql('r.id', page, conditions, params);
    const rows = await queryPreparedArrays(
      this.dataSource,
      `SELECT ${this.rows.select} FROM reports r WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    const reports = rows.map((row) => this.rows.build(row, 0));
    return reverse ? reports.reverse() : reports;
  }

  async update(id: string, changes: ReportChanges, tx?: Transaction): Promise<void> {
    await this.manager(tx).getRepository(Report).update({ id }, changes);
  }

  /** Marks the account's open reports resolved by `actingAccountId`; returns their ids. */
  async resolveOpenAbout(
    targetAccountId: string,
    actingAccountId: string,
    tx?: Transaction,
  ): Promise<string[]> {
    const [rows]: [Array<{ id: string }>, number] = await this.manager(tx).query(
      `UPDATE reports SET action_taken_at = now(), action_taken_by_account_id = $2,
              updated_at = now()
        WHERE target_account_id = $1 AND action_taken_at IS NULL
        RETURNING id::text`,
      [targetAccountId, actingAccountId],
    );
    return rows.map((row) => row.id);
  }

  private manager(tx?: Transaction) {
    return tx ?? this.dataSource.manager;
  }
}
