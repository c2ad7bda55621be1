export * from './data-source';
export * from './entities';
export * from './errors';
export * from './ids/snowflake';
export * from './migrations';
export * from './naming-strategy';
export * from './limits';
export * from './repositories';
