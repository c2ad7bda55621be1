export * from './federation-types';
export * from './federation.module';
export * from './federation.service';
export * from './nodeinfo';
