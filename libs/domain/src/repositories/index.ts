export * from './instance-stats.repository';
