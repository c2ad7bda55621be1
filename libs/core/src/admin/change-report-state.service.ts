import { Injectable } from '@nestjs/common';
import { Report, ReportChanges, ReportRepository } from '@nestodon/domain';
import { ActionLog } from './action-log';
import { AdminReportQueries } from './admin-report-queries';
import { Moderator } from './moderator';

export type ReportStateChange = 'assign_to_self' | 'unassign' | 'resolve' | 'reopen';

/** Mastodon's names of these changes in the audit log. */
const LOGGED_AS: Record<ReportStateChange, string> = {
  assign_to_self: 'assigned_to_self',
  unassign: 'unassigned',
  resolve: 'resolve',
  reopen: 'reopen',
};

/** Assigns a report to the moderator or nobody, resolves or reopens it; each change logged. */
@Injectable()
export class ChangeReportStateService {
  constructor(
    private readonly queries: AdminReportQueries,
    private readonly reports: ReportRepository,
    private readonly log: ActionLog,
  ) {}

  async call(moderator: Moderator, id: string, change: ReportStateChange): Promise<Report> {
    const report = await this.queries.byId(id);
    const changes: Record<ReportStateChange, ReportChanges> = {
      assign_to_self: { assignedAccountId: moderator.account.id },
      unassign: { assignedAccountId: null },
      resolve: { actionTakenAt: new Date(), actionTakenByAccountId: moderator.account.id },
      reopen: { actionTakenAt: null, actionTakenByAccountId: null },
    };
    await this.reports.update(report.id, changes[change]);
    await this.log.record(moderator, LOGGED_AS[change], {
      type: 'Report',
      id: report.id,
      name: report.id,
    });
    return this.queries.byId(report.id);
  }
}
