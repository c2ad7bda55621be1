export * from './inbox-handler';
