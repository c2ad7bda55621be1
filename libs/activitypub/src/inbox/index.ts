export * from './inbox-handler';
export * from './remote-actors';
