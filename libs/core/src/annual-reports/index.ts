export * from './annual-report-queries';
export * from './annual-report-rules';
export * from './annual-reports.providers';
export * from './async-refresh.store';
export * from './generate-annual-report.service';
export * from './read-annual-report.service';
export * from './request-annual-report.service';
