export * from './rest/instance.serializer';
export * from './rest/rule.serializer';
export * from './version';
