import { DynamicModule, Global, Module, Type } from '@nestjs/common';
import { JOB_PROCESSORS, JobProcessor } from './job-processor';
import { JobQueue } from './job-queue.service';
import { JobRegistry } from './job-registry';

@Global()
@Module({})
export class QueueModule {
  /** Registers the processors this process runs (the worker, or an api under inline jobs). */
  static forRoot(processors: Type<JobProcessor>[] = []): DynamicModule {
    return {
      module: QueueModule,
      providers: [
        ...processors,
        // The classes, not instances: JobRegistry resolves them lazily (see there).
        { provide: JOB_PROCESSORS, useValue: processors },
        JobRegistry,
        JobQueue,
      ],
      exports: [JobQueue, JobRegistry],
    };
  }
}
