import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  AnnualReportRepository,
  GeneratedAnnualReport,
  RecordNotFoundError,
} from '@nestodon/domain';
import { currentCampaign } from './annual-report-rules';
import { AsyncRefresh, AsyncRefreshStore } from './async-refresh.store';
import { annualReportRefreshKey } from './generate-annual-report.service';

export type AnnualReportState = 'available' | 'generating' | 'eligible' | 'ineligible';

/**
 * Reads of annual reports (a read-only query service): the unread ones, one year's, and where a
 * year's report stands: `available` (generated), `generating` (with its refresh), `eligible`
 * (the current campaign's year, and the account posted that year) or `ineligible`.
 */
@Injectable()
export class AnnualReportQueries {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: AnnualReportRepository,
    private readonly refreshes: AsyncRefreshStore,
  ) {}

  unread(account: Account): Promise<GeneratedAnnualReport[]> {
    return this.reports.unread(account.id);
  }

  async forYear(account: Account, year: number): Promise<GeneratedAnnualReport> {
    const report = await this.reports.find(account.id, year);
    if (!report) throw new RecordNotFoundError();
    return report;
  }

  async state(
    account: Account,
    year: number,
  ): Promise<{ state: AnnualReportState; refresh: AsyncRefresh | null }> {
    if (await this.reports.find(account.id, year)) return { state: 'available', refresh: null };
    const refresh = await this.refreshes.running(annualReportRefreshKey(account.id, year));
    if (refresh) return { state: 'generating', refresh };
    return { state: (await this.eligible(account, year)) ? 'eligible' : 'ineligible', refresh };
  }

  /** The current campaign's year, for an account that posted in it. */
  async eligible(account: Account, year: number): Promise<boolean> {
    if (currentCampaign(this.config.annualReportYear) !== year) return false;
    return (await this.reports.statusCounts(account.id, year)).total > 0;
  }
}
