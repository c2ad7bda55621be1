import { Inject, Injectable, Optional, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { JobName, JobPayloads, JobResults } from './job-names';
import { JOB_PROCESSORS, JobProcessor } from './job-processor';

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No processor is registered for job "${name}"`);
  }
}

/**
 * Maps job names to the processors registered in this process (the worker, or inline tests).
 * Processors are looked up on first use rather than injected: a processor's service may enqueue
 * jobs itself (JobQueue → JobRegistry → processor → service → JobQueue), a cycle Nest cannot
 * build at boot.
 */
@Injectable()
export class JobRegistry {
  private resolved?: Map<string, JobProcessor>;

  constructor(
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(JOB_PROCESSORS) private readonly types: Type<JobProcessor>[] = [],
  ) {}

  private get processors(): Map<string, JobProcessor> {
    if (!this.resolved) {
      this.resolved = new Map();
      for (const type of this.types) {
        const processor = this.moduleRef.get(type, { strict: false });
        this.resolved.set(processor.job, processor);
      }
    }
    return this.resolved;
  }

  has(name: string): boolean {
    return this.processors.has(name);
  }

  async run<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<JobResults[N]> {
    const processor = this.processors.get(name) as JobProcessor<N> | undefined;
    if (!processor) throw new UnknownJobError(name);
    return processor.process(payload);
  }
}
