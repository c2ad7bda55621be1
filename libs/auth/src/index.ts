export * from './auth-context';
export * from './auth.guard';
export * from './auth.module';
export * from './decorators';
export * from './scopes';
export * from './scopes-if-token';
export * from './token-authenticator.service';
export * from './token-digest';
