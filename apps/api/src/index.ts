// What other apps' tests may use of the api (`@nestodon/api`); apps' sources never import each
// other (eslint.config.js).
export { ApiModule, ApiModuleOptions } from './api.module';
export { createApiApp } from './bootstrap';
