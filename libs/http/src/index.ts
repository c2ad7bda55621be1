export * from './configure-http';
export * from './exception.filter';
export * from './pagination';
export * from './transforms';
export * from './validation.pipe';
export * from './rate-limit';
export * from './request-params';
