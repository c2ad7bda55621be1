export * from './rest/instance.serializer';
export * from './rest/rule.serializer';
export * from './version';
export * from './rest/account.serializer';
export * from './serializers.module';
export * from './rest/token.serializer';
export * from './rest/preferences.serializer';
