export * from './inbox-handler';
export * from './remote-actors';
export * from './inbox-handlers';
export * from './inbound-rules';
export * from './remote-statuses';
export * from './remote-emojis';
export * from './remote-media';
