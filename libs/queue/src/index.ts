export { QUEUE_NAMES, type QueueName } from '@nestodon/config';
export * from './bullmq-job-backend';
export * from './federation-backoff';
export * from './job-backend';
export * from './job-dispatcher';
export * from './job-names';
export * from './job-queue.service';
export * from './queue.module';
