export * from './inbox-handler';
export * from './remote-actors';
export * from './inbox-handlers';
