export * from './activity-tracker';
export * from './instance-queries';
export * from './instance.providers';
export * from './donation-campaign-queries';
