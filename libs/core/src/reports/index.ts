export * from './create-report.service';
export * from './reports.providers';
