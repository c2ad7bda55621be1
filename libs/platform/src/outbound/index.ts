export * from './address-policy';
export * from './outbound.module';
export * from './safe-http-client';
