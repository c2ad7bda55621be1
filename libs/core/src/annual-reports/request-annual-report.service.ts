import { Injectable } from '@nestjs/common';
import { Account, AnnualReportRepository } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { AnnualReportQueries } from './annual-report-queries';
import { AsyncRefresh, AsyncRefreshStore } from './async-refresh.store';
import { annualReportRefreshKey } from './generate-annual-report.service';

/**
 * POST /api/v1/annual_reports/:year/generate: starts generating an eligible account's report
 * in the worker, under an async refresh the client polls. Nothing happens (and nothing runs)
 * when the report exists or the account is not eligible; asking again while it runs answers
 * the running refresh.
 */
@Injectable()
export class RequestAnnualReportService {
  constructor(
    private readonly reports: AnnualReportRepository,
    private readonly queries: AnnualReportQueries,
    private readonly refreshes: AsyncRefreshStore,
    private readonly jobs: JobQueue,
  ) {}

  async call(account: Account, year: number): Promise<AsyncRefresh | null> {
    if (await this.reports.find(account.id, year)) return null;
    const key = annualReportRefreshKey(account.id, year);
    const running = await this.refreshes.running(key);
    if (running) return running;
    if (!(await this.queries.eligible(account, year))) return null;
    const refresh = await this.refreshes.start(key, account.id);
    await this.jobs.enqueue(JobName.GenerateAnnualReport, { accountId: account.id, year });
    return refresh;
  }
}
