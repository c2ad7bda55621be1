export { QUEUE_NAMES, type QueueName } from '@nestodon/config';
export * from './federation-backoff';
export * from './job-dispatcher';
export * from './job-names';
export * from './job-queue.service';
export * from './queue.module';
