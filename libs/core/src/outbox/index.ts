export * from './activity-outbox';
export * from './outbox.providers';
