export * from './core.module';
export * from './instance/activity-tracker';
export * from './instance/instance-info.service';
export * from './accounts/password-hasher';
