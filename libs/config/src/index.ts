export * from './app-config';
export * from './boolean';
export * from './boot';
export * from './config.module';
export * from './env-files';
export * from './env.schema';
export * from './version';
export * from './worker-queues';
