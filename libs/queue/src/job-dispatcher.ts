import { JobName, JobPayloads, JobResults } from './job-names';

/** The handler of one job kind; thin: load rows, call a core service. */
export interface JobProcessor<N extends JobName> {
  process(payload: JobPayloads[N]): Promise<JobResults[N]>;
}

/** Exactly one processor per job kind, so a kind without one does not compile. */
export type JobProcessors = { readonly [N in JobName]: JobProcessor<N> };

export class UnknownJobError extends Error {
  constructor(name: string) {
    super(`No processor handles job "${name}"`);
  }
}

/**
 * Runs a job by name in this process: the worker's queue consumers hand it every job they
 * take, and JobQueue hands it every enqueued job under JOBS_INLINE.
 */
export class JobDispatcher {
  constructor(private readonly processors: JobProcessors) {}

  async run<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<JobResults[N]> {
    // A name from a queue may come from another release of the code: check before calling.
    if (!Object.hasOwn(this.processors, name)) throw new UnknownJobError(name);
    const processor: JobProcessor<N> = this.processors[name];
    return processor.process(payload);
  }
}
