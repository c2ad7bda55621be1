import { Injectable } from '@nestjs/common';
import { Account, AnnualReportRepository, RecordNotFoundError } from '@nestodon/domain';

/** POST /api/v1/annual_reports/:year/read: the owner has seen the report (404 without one). */
@Injectable()
export class ReadAnnualReportService {
  constructor(private readonly reports: AnnualReportRepository) {}

  async call(account: Account, year: number): Promise<void> {
    if (!(await this.reports.markViewed(account.id, year))) throw new RecordNotFoundError();
  }
}
