import { Injectable } from '@nestjs/common';
import {
  IdPage,
  isValidId,
  RecordNotFoundError,
  Report,
  ReportFilter,
  ReportRepository,
} from '@nestodon/domain';

/** Reports as moderators list and open them. */
@Injectable()
export class AdminReportQueries {
  constructor(private readonly reports: ReportRepository) {}

  page(filter: ReportFilter, page: IdPage): Promise<Report[]> {
    return this.reports.page(filter, page);
  }

  async byId(id: string): Promise<Report> {
    const report = isValidId(id) ? await this.reports.findById(id) : null;
    if (!report) throw new RecordNotFoundError();
    return report;
  }
}
