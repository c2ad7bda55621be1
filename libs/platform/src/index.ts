export * from './database.module';
export * from './health.service';
export * from './logger';
export * from './redis.module';
export * from './redis.service';
export * from './shutdown';
export * from './rate-limiter.service';
