export * from './activities';
export * from './actor';
export * from './local-uris';
export * from './status';
