export * from './channels';
export * from './publisher.service';
export * from './pubsub.module';
export * from './subscriber.service';
