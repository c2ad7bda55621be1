export * from './instance-stats.repository';
export * from './account-stats.repository';
export * from './id-paging';
export * from './relationships.repository';
export * from './relationship-lists.repository';
export * from './directory.repository';
