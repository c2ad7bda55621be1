export * from './auth-rows-broadcast';
export * from './cache-invalidator';
export * from './caches.providers';
export * from './clear-cache.service';
