export * from './deploy-search.service';
export * from './search-accounts.service';
export * from './search-query';
export * from './search-statuses.service';
export * from './search.providers';
export * from './search.service';
