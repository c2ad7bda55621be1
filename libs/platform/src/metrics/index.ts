export * from './database.metrics';
export * from './http.metrics';
export * from './metrics-endpoint';
export * from './metrics-server';
export * from './metrics.module';
export * from './metrics.service';
export * from './redis.metrics';
