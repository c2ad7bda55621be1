export * from './build-feeds.service';
export * from './clear-feeds.service';
export * from './maintenance.providers';
export * from './remove-orphaned-conversations.service';
export * from './remove-unreferenced-statuses.service';
export * from './fix-duplicates.service';
