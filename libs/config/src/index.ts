export * from './app-config';
export * from './boolean';
export * from './boot';
export * from './config.module';
export * from './env.schema';
