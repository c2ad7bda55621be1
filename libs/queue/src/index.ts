export * from './job-names';
export * from './job-processor';
export * from './job-queue.service';
export * from './job-registry';
export * from './queue.module';
