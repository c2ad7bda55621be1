export * from './refresh-trends.service';
export * from './trend-scores';
export * from './trend-store';
export * from './trends-queries';
export * from './trends.providers';
