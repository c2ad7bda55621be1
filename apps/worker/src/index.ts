// What other apps' tests may use of the worker (`@nestodon/worker`); apps' sources never import
// each other (eslint.config.js).
export { createWorkerApp } from './bootstrap';
export { JobProcessorsModule } from './job-processors.module';
