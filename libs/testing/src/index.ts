export * from './factories/account.factory';
export * from './http-app';
export * from './test-database';
export * from './test-environment';
export * from './factories/oauth.factory';
export * from './mail-sink';
export * from './query-counting';
export * from './factories/status.factory';
