export * from './redirect-uri';
export * from './scopes';
export * from './token-digest';
