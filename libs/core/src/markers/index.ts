export * from './marker-queries';
export * from './markers.providers';
export * from './save-markers.service';
