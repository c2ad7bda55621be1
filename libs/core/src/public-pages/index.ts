export * from './public-page-queries';
export * from './public-pages.providers';
