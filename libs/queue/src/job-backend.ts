import { QueueName } from '@nestodon/config';
import { federationRetryDelayMs, FEDERATION_BACKOFF } from './federation-backoff';
import { JobName } from './job-names';

/** How long a failed job waits before its next attempt. */
export type JobBackoff =
  /** `delay` ms after the first failure, doubling after each further one (BullMQ's formula). */
  | { type: 'exponential'; delay: number }
  /** Mastodon's delivery schedule, over days (see federation-backoff.ts). */
  | { type: typeof FEDERATION_BACKOFF };

/** What an enqueuer may ask of a job, the same of every backend. */
export interface EnqueueOptions {
  /** Milliseconds before the job may run. */
  delay?: number;
  /** While a job with this id is stored (waiting, running or kept after it ran), no other is added. */
  jobId?: string;
  /** Runs in all, the first included. */
  attempts?: number;
  backoff?: JobBackoff;
  /** Forget the job once it ran, whatever the outcome (deliveries: Mastodon's `dead: false`). */
  discardWhenDone?: boolean;
}

/** The defaults of every job: five runs, retried after 2, 4, 8 and 16 seconds. */
export const DEFAULT_ENQUEUE_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  discardWhenDone: false,
} as const satisfies EnqueueOptions;

export type ResolvedEnqueueOptions = EnqueueOptions &
  Required<Pick<EnqueueOptions, 'attempts' | 'backoff' | 'discardWhenDone'>>;

/** The wait before the next attempt once `attemptsMade` runs (the failed one included) failed. */
export function retryDelayMs(backoff: JobBackoff, attemptsMade: number): number {
  return backoff.type === FEDERATION_BACKOFF
    ? federationRetryDelayMs(attemptsMade - 1)
    : Math.round(2 ** (attemptsMade - 1) * backoff.delay);
}

/** A job as a consumer takes it. */
export interface ConsumedJob {
  id: string;
  name: JobName;
  data: unknown;
  /** When the job became due (enqueued, or its delay ended), in epoch milliseconds. */
  dueAt: number;
  /** Runs before this one. */
  attemptsMade: number;
}

export type JobHandler = (job: ConsumedJob) => Promise<unknown>;

export interface ConsumeOptions {
  concurrency: number;
  /**
   * How long a running job stays claimed without a sign of life from its worker; a killed
   * worker's jobs run again after it (WORKER_JOB_LOCK_MS).
   */
  lockMs: number;
  /** This process, recorded on the jobs it runs where the backend keeps it. */
  workerName: string;
}

/** Jobs of a queue by state: due (`waiting`), running, not due yet, and failed for good. */
export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A job that failed for good, for the dashboard. */
export interface FailedJob {
  id: string;
  name: string;
  error: string;
  attemptsMade: number;
  failedAt: Date | null;
}

/**
 * The job queue port: Redis (BullMQ) in production, PostgreSQL (pg-boss) when no Redis is
 * configured. QueueModule picks one at boot; the contract tests run against both.
 */
export interface JobBackend {
  readonly kind: 'redis' | 'postgres';
  /** Adds a job; resolves once it is stored. */
  add(
    queue: QueueName,
    name: JobName,
    data: unknown,
    options: ResolvedEnqueueOptions,
  ): Promise<void>;
  /** Adds jobs of one kind in one round trip. */
  addMany(
    queue: QueueName,
    name: JobName,
    data: unknown[],
    options: ResolvedEnqueueOptions,
  ): Promise<void>;
  /** Adds a job and resolves with its result; rejects when it fails or after `timeoutMs`. */
  addAndWait(queue: QueueName, name: JobName, data: unknown, timeoutMs: number): Promise<unknown>;
  /**
   * Runs `name` every `everyMs`, once per period however many processes ask for it (each worker
   * asks at boot).
   */
  repeat(queue: QueueName, name: JobName, data: unknown, everyMs: number): Promise<void>;
  /** Takes the queue's jobs and runs each through `handler`; resolves once taking has begun. */
  consume(queue: QueueName, options: ConsumeOptions, handler: JobHandler): Promise<void>;
  /** Stops taking jobs and waits for the running ones. */
  stopConsuming(): Promise<void>;
  counts(queue: QueueName): Promise<JobCounts>;
  /** The latest jobs of the queue that failed for good, newest first. */
  failedJobs(queue: QueueName, limit: number): Promise<FailedJob[]>;
  /** Runs a failed job again; false when the queue holds no failed job with that id. */
  retryFailed(queue: QueueName, id: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The backend QueueModule chose. */
export const JOB_BACKEND = Symbol('JOB_BACKEND');
