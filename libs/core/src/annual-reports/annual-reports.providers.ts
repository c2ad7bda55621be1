import { Provider } from '@nestjs/common';
import { AnnualReportQueries } from './annual-report-queries';
import { AsyncRefreshStore } from './async-refresh.store';
import { GenerateAnnualReportService } from './generate-annual-report.service';
import { ReadAnnualReportService } from './read-annual-report.service';
import { RequestAnnualReportService } from './request-annual-report.service';

/** The annual reports feature's providers, registered by CoreModule. */
export const ANNUAL_REPORTS_PROVIDERS: Provider[] = [
  AnnualReportQueries,
  AsyncRefreshStore,
  GenerateAnnualReportService,
  ReadAnnualReportService,
  RequestAnnualReportService,
];
