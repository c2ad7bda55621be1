import { Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  AnnualReportQueries,
  AnnualReportState,
  AsyncRefresh,
  ReadAnnualReportService,
  RequestAnnualReportService,
  StatusQueries,
} from '@nestodon/core';
import {
  Account,
  AnnualReportData,
  GeneratedAnnualReport,
  RecordNotFoundError,
} from '@nestodon/domain';
import { AccountJson, StatusJson, StatusPresenter } from '@nestodon/serializers';
import type { Response } from 'express';

/** Mastodon's AnnualReport entity. */
export interface AnnualReportJson {
  year: number;
  data: AnnualReportData;
  schema_version: number;
  /** Null: Nestodon has no public page to share a report on. */
  share_url: string | null;
  account_id: string;
}

/** Mastodon's WrappedAnnualReports: the reports, and the accounts and statuses they name. */
export interface WrappedAnnualReportsJson {
  annual_reports: AnnualReportJson[];
  accounts: AccountJson[];
  statuses: StatusJson[];
}

/** Tells the client to poll a running refresh, as Mastodon's header does. */
export function setAsyncRefreshHeader(res: Response, refresh: AsyncRefresh | null): void {
  if (refresh?.status === 'running') {
    res.setHeader('Mastodon-Async-Refresh', `id="${refresh.id}", retry=2`);
  }
}

/** A year in the path; anything else names no report. */
function yearOf(value: string): number | null {
  return /^\d{1,4}$/.test(value) ? Number(value) : null;
}

/**
 * Annual reports ("Wrapstodon", Mastodon 4.3+): the unread reports, one year's, where a year's
 * stands (`state`, with Mastodon-Async-Refresh while generating), marking one read, and
 * generating one in the worker (202 with the refresh to poll).
 */
@Controller('api/v1/annual_reports')
export class AnnualReportsController {
  constructor(
    private readonly reports: AnnualReportQueries,
    private readonly requester: RequestAnnualReportService,
    private readonly reader: ReadAnnualReportService,
    private readonly statuses: StatusQueries,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @Scopes('read:accounts')
  async index(@CurrentAccount() account: Account): Promise<WrappedAnnualReportsJson> {
    return this.wrap(await this.reports.unread(account), account);
  }

  @Get(':year')
  @Scopes('read:accounts')
  async show(
    @CurrentAccount() account: Account,
    @Param('year') year: string,
  ): Promise<WrappedAnnualReportsJson> {
    const wanted = yearOf(year);
    if (wanted === null) throw new RecordNotFoundError();
    return this.wrap([await this.reports.forYear(account, wanted)], account);
  }

  @Get(':year/state')
  @Scopes('read:accounts')
  async state(
    @CurrentAccount() account: Account,
    @Param('year') year: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ state: AnnualReportState }> {
    const wanted = yearOf(year);
    if (wanted === null) return { state: 'ineligible' };
    const { state, refresh } = await this.reports.state(account, wanted);
    setAsyncRefreshHeader(res, refresh);
    return { state };
  }

  @Post(':year/read')
  @HttpCode(200)
  @Scopes('write:accounts')
  async read(
    @CurrentAccount() account: Account,
    @Param('year') year: string,
  ): Promise<Record<string, never>> {
    const wanted = yearOf(year);
    if (wanted === null) throw new RecordNotFoundError();
    await this.reader.call(account, wanted);
    return {};
  }

  /** 202 while the report is being generated, 200 when there is nothing to do. */
  @Post(':year/generate')
  @HttpCode(200)
  @Scopes('write:accounts')
  async generate(
    @CurrentAccount() account: Account,
    @Param('year') year: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<void> {
    const wanted = yearOf(year);
    const refresh = wanted === null ? null : await this.requester.call(account, wanted);
    if (!refresh) return;
    setAsyncRefreshHeader(res, refresh);
    res.status(202);
  }

  private async wrap(
    reports: GeneratedAnnualReport[],
    account: Account,
  ): Promise<WrappedAnnualReportsJson> {
    const statusIds = reports.flatMap((report) =>
      Object.values(report.data.top_statuses ?? {}).filter((id): id is string => Boolean(id)),
    );
    const loaded = await this.statuses.loadInOrder([...new Set(statusIds)]);
    const visible = await this.statuses.filterVisible(loaded, account);
    return {
      annual_reports: reports.map((report) => ({
        year: report.year,
        data: report.data,
        schema_version: report.schemaVersion,
        share_url: null,
        account_id: String(report.accountId),
      })),
      accounts: [],
      statuses: await this.presenter.presentMany(visible, account),
    };
  }
}
