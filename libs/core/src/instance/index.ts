export * from './activity-tracker';
export * from './instance-queries';
export * from './instance.providers';
export * from './donation-campaign-queries';
export * from './publish-terms-of-service.service';
export * from './terms-of-service-queries';
