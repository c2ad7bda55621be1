export * from './plain-text-formatter';
