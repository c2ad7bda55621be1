import { Inject, Injectable, Optional } from '@nestjs/common';
import { JobName, JobPayloads, JobResults } from './job-names';
import { JOB_PROCESSORS, JobProcessor } from './job-processor';

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No processor is registered for job "${name}"`);
  }
}

/** Maps job names to the processors registered in this process (the worker, or inline tests). */
@Injectable()
export class JobRegistry {
  private readonly processors = new Map<string, JobProcessor>();

  constructor(@Optional() @Inject(JOB_PROCESSORS) processors: JobProcessor[] = []) {
    for (const processor of processors) this.processors.set(processor.job, processor);
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
