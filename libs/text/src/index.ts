export * from './plain-text-formatter';
export * from './status-text';
