export * from './deliver-activity.service';
export * from './distribute-activity.service';
export * from './outbox.module';
