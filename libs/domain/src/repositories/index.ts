export * from './instance-stats.repository';
export * from './account-stats.repository';
