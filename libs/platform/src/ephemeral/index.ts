export * from './counters';
export * from './ephemeral.providers';
export * from './expiring-store';
export * from './postgres-counters';
export * from './postgres-expiring-store';
export * from './redis-counters';
export * from './redis-expiring-store';
