import { Injectable } from '@nestjs/common';
import { Permission, ReportRepository, UserRepository } from '@nestodon/domain';
import { NotifyService } from './notify.service';

/**
 * admin.report: tells every staff member whose role may manage reports (or administer) about
 * a new report, from its reporter; nothing when another open report about the same account
 * already told them, as Mastodon.
 */
@Injectable()
export class NotifyStaffOfReportService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly users: UserRepository,
    private readonly notify: NotifyService,
  ) {}

  /** Returns how many notifications were created. */
  async call(reportId: string): Promise<number> {
    const report = await this.reports.findById(reportId);
    if (!report || (await this.reports.hasOpenSiblings(report))) return 0;
    let created = 0;
    const staff = await this.users.accountIdsWithAnyPermission(
      Permission.ManageReports | Permission.Administrator,
      report.accountId,
    );
    for (const recipientId of staff) {
      const { notification } = await this.notify.call({
        recipientId,
        type: 'admin.report',
        fromAccountId: report.accountId,
        reportId: report.id,
      });
      if (notification) created++;
    }
    return created;
  }
}
