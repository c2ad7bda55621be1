import { JobName, JobPayloads, JobResults } from './job-names';

/** A worker-side handler for one job kind; thin: load rows, call a core service. */
export interface JobProcessor<N extends JobName = JobName> {
  readonly job: N;
  process(payload: JobPayloads[N]): Promise<JobResults[N]>;
}

/** The processor classes this process runs (QueueModule.forRoot). */
export const JOB_PROCESSORS = Symbol('JOB_PROCESSORS');
