import { Injectable } from '@nestjs/common';
import {
  Report,
  ReportCategory,
  ReportRepository,
  RuleRepository,
  ValidationError,
} from '@nestodon/domain';
import { ActionLog } from './action-log';
import { AdminReportQueries } from './admin-report-queries';
import { Moderator } from './moderator';

export interface ReportUpdate {
  category?: ReportCategory;
  ruleIds?: string[];
}

/**
 * PUT /api/v1/admin/reports/:id: recategorises a report. Rules belong to violations only:
 * they are cleared for other categories and must exist for a violation (422 otherwise).
 */
@Injectable()
export class UpdateReportService {
  constructor(
    private readonly queries: AdminReportQueries,
    private readonly reports: ReportRepository,
    private readonly rules: RuleRepository,
    private readonly log: ActionLog,
  ) {}

  async call(moderator: Moderator, id: string, update: ReportUpdate): Promise<Report> {
    const report = await this.queries.byId(id);
    const category = update.category ?? report.category;
    const ruleIds =
      category === 'violation' ? [...new Set(update.ruleIds ?? report.ruleIds ?? [])] : [];
    if (category !== 'violation' && (update.ruleIds?.length ?? 0) > 0) {
      throw new ValidationError('Validation failed: Rule ids must be blank');
    }
    if (ruleIds.length > 0 && (await this.rules.findByIds(ruleIds)).length !== ruleIds.length) {
      throw new ValidationError('Validation failed: Rule ids does not reference valid rules');
    }
    await this.reports.update(report.id, {
      category,
      ruleIds: ruleIds.length > 0 ? ruleIds : null,
    });
    await this.log.record(moderator, 'update', { type: 'Report', id: report.id, name: report.id });
    return this.queries.byId(report.id);
  }
}
