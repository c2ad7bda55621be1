export * from './moderate-tag.service';
export * from './refresh-trends.service';
export * from './review-trend.service';
export * from './trend-review-queries';
export * from './trend-scores';
export * from './trend-store';
export * from './trends-queries';
export * from './trends.providers';
