export * from './change-settings.service';
export * from './runtime-settings';
export * from './settings-queries';
export * from './settings.providers';
