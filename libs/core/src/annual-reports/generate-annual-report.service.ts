import { Injectable } from '@nestjs/common';
import { AccountRepository, AnnualReportRepository } from '@nestodon/domain';
import { ANNUAL_REPORT_SCHEMA_VERSION, archetype, TOP_HASHTAGS } from './annual-report-rules';
import { AsyncRefreshStore } from './async-refresh.store';

/** The async refresh a report's generation runs under. */
export const annualReportRefreshKey = (accountId: string, year: number) =>
  `wrapstodon:${accountId}:${year}`;

/**
 * Computes an account's annual report from its activity that year (the worker's
 * GenerateAnnualReport job): its archetype, monthly statuses and follows, most used hashtags
 * and top public statuses, as Mastodon's schema 2 has them. Once per account and year; the
 * async refresh clients poll finishes either way.
 */
@Injectable()
export class GenerateAnnualReportService {
  constructor(
    private readonly reports: AnnualReportRepository,
    private readonly accounts: AccountRepository,
    private readonly refreshes: AsyncRefreshStore,
  ) {}

  async call(accountId: string, year: number): Promise<boolean> {
    try {
      const account = await this.accounts.findById(accountId);
      if (!account || (await this.reports.find(accountId, year))) return false;
      const [counts, timeSeries, topHashtags, topStatuses] = await Promise.all([
        this.reports.statusCounts(accountId, year),
        this.reports.monthlyActivity(accountId, year),
        this.reports.topHashtags(accountId, year, TOP_HASHTAGS),
        this.reports.topStatuses(accountId, year),
      ]);
      await this.reports.insert(accountId, year, ANNUAL_REPORT_SCHEMA_VERSION, {
        archetype: archetype(counts),
        time_series: timeSeries,
        top_hashtags: topHashtags,
        top_statuses: topStatuses,
      });
      return true;
    } finally {
      await this.refreshes.finish(annualReportRefreshKey(accountId, year));
    }
  }
}
