export * from './api-throttle';
export * from './auth-context';
export * from './auth.guard';
export * from './auth.module';
export * from './decorators';
export * from './route-access';
export * from './token-authenticator.service';
export * from './oauth';
