export * from './actor-facts';
export * from './actor-key-pairs';
export * from './federation-types';
export * from './federation.module';
export * from './federation.service';
export * from './nodeinfo';
export * from './status-facts';
