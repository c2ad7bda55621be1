import { Module, OnModuleInit } from '@nestjs/common';
import { OutboxModule } from '@nestodon/activitypub/outbox';
import { FederationModule } from '@nestodon/activitypub/federation';
import { JobDispatcher, JobName, JobProcessor, JobProcessors, JobQueue } from '@nestodon/queue';
import { PROCESSOR_OF_JOB } from './processors';

const JOB_NAMES = Object.keys(PROCESSOR_OF_JOB) as JobName[];

/**
 * The job processors as ordinary providers and the dispatcher that runs them by job name. The
 * worker's queue consumers use it; a process that imports it under JOBS_INLINE (the api in
 * end-to-end tests, through `@nestodon/worker`) runs its enqueued jobs itself.
 */
@Module({
  // Federation jobs render and deliver activities, and run inbound ones through the inbox handlers.
  imports: [OutboxModule, FederationModule],
  providers: [
    ...JOB_NAMES.map((name) => PROCESSOR_OF_JOB[name]),
    {
      provide: JobDispatcher,
      inject: JOB_NAMES.map((name) => PROCESSOR_OF_JOB[name]),
      useFactory: (...processors: JobProcessor<JobName>[]) =>
        new JobDispatcher(
          Object.fromEntries(JOB_NAMES.map((name, i) => [name, processors[i]])) as JobProcessors,
        ),
    },
  ],
  exports: [JobDispatcher],
})
export class JobProcessorsModule implements OnModuleInit {
  constructor(
    private readonly jobs: JobQueue,
    private readonly dispatcher: JobDispatcher,
  ) {}

  onModuleInit(): void {
    this.jobs.runInlineWith(this.dispatcher);
  }
}
