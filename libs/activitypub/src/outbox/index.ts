export * from './deliver-activity.service';
export * from './delivery-failure-tracker';
export * from './distribute-activity.service';
export * from './outbox.module';
