export * from './channels';
export * from './postgres-pubsub-transport';
export * from './publisher.service';
export * from './pubsub.module';
export * from './pubsub-transport';
export * from './redis-pubsub-transport';
export * from './subscriber.service';
