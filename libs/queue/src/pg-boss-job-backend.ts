import { Logger } from '@nestjs/common';
import { AppConfig, QUEUE_NAMES, QueueName } from '@nestodon/config';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss, type JobWithMetadata, type SendOptions } from 'pg-boss';
import {
  ConsumeOptions,
  FailedJob,
  JobBackend,
  JobBackoff,
  JobCounts,
  JobHandler,
  ResolvedEnqueueOptions,
  retryDelayMs,
} from './job-backend';
import { JobName } from './job-names';

/** pg-boss's tables live in a schema of their own in our database. */
export const PG_BOSS_SCHEMA = 'pgboss';

/** What a pg-boss job carries: pg-boss names jobs by queue, and has no custom backoff. */
interface Envelope {
  job: JobName;
  payload: unknown;
  backoff: JobBackoff;
}

/** Finished jobs are kept a week (ids dedup meanwhile), or a minute when asked to be forgotten. */
const KEEP_FINISHED_SECONDS = 7 * 86_400;
const DISCARD_AFTER_SECONDS = 60;
/** Longest run of one job; a running job's worker proves it is alive by heartbeats meanwhile. */
const LONGEST_RUN_SECONDS = 6 * 3600;
/** pg-boss's smallest heartbeat. */
const MIN_HEARTBEAT_SECONDS = 10;
/** How often `addAndWait` looks at its job. */
const WAIT_POLL_MS = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** pg-boss ids are UUIDs: a job id becomes the same UUID wherever it is enqueued. */
export function uuidOfJobId(jobId: string): string {
  const hex = createHash('sha256').update(jobId).digest('hex');
  // Shaped as a version 8 (custom) UUID with the RFC 9562 variant.
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The job queue on PostgreSQL, for a start without Redis: pg-boss in its own schema of our
 * database. Job kinds share their queue as in BullMQ (the kind travels in the job's data).
 * Retries follow our backoffs: a failed run is failed in pg-boss and its next run moved to the
 * time our backoff says; a killed worker's job stops sending heartbeats and pg-boss's
 * supervisor retries it. Repeatable jobs are one throttled job per period, so every worker may
 * send it and one job runs.
 */
export class PgBossJobBackend implements JobBackend {
  readonly kind = 'postgres';
  private readonly logger = new Logger('JobQueue');
  private readonly boss: PgBoss;
  private started?: Promise<void>;
  private readonly consumed: QueueName[] = [];
  private readonly repeaters: NodeJS.Timeout[] = [];
  private readonly heartbeatSeconds: number;

  constructor(config: AppConfig) {
    this.heartbeatSeconds = Math.max(MIN_HEARTBEAT_SECONDS, toSeconds(config.jobs.lockMs));
    this.boss = new PgBoss({
      connectionString: config.database.url,
      schema: PG_BOSS_SCHEMA,
      application_name: 'nestodon-jobs',
      max: 4,
      // Workers wake on NOTIFY when a job is added, polling only as a backstop.
      useListenNotify: true,
      // Jobs of dead workers are found (and counts refreshed) once per lock period.
      superviseIntervalSeconds: this.heartbeatSeconds,
      monitorIntervalSeconds: this.heartbeatSeconds,
      // Repeatable jobs are throttled sends (`repeat`), not pg-boss cron.
      schedule: false,
    });
    this.boss.on('error', (error) => this.logger.error(`pg-boss: ${error.message}`));
  }

  /** Installs or migrates pg-boss's schema and creates the queues, once, on first use. */
  private ready(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      for (const name of QUEUE_NAMES) {
        if (!(await this.boss.getQueue(name))) await this.boss.createQueue(name, { notify: true });
      }
    })();
    return this.started;
  }

  private sendOptions(options: ResolvedEnqueueOptions): SendOptions {
    return {
      ...(options.jobId ? { id: uuidOfJobId(options.jobId) } : {}),
      ...(options.delay ? { startAfter: new Date(Date.now() + options.delay) } : {}),
      retryLimit: options.attempts - 1,
      // The wait of a retry after a worker died; a failed run's is set when it fails.
      retryDelay: toSeconds(retryDelayMs(options.backoff, 1)),
      retryBackoff: false,
      heartbeatSeconds: this.heartbeatSeconds,
      expireInSeconds: LONGEST_RUN_SECONDS,
      deleteAfterSeconds: options.discardWhenDone ? DISCARD_AFTER_SECONDS : KEEP_FINISHED_SECONDS,
    };
  }

  private envelope(name: JobName, payload: unknown, options: ResolvedEnqueueOptions): Envelope {
    return { job: name, payload, backoff: options.backoff };
  }

  async add(
    queue: QueueName,
    name: JobName,
    data: unknown,
    options: ResolvedEnqueueOptions,
  ): Promise<void> {
    await this.ready();
    // A job id already stored makes this a no-op (pg-boss answers null).
    await this.boss.send(
      queue,
      this.envelope(name, data, options) as object,
      this.sendOptions(options),
    );
  }

  async addMany(
    queue: QueueName,
    name: JobName,
    data: unknown[],
    options: ResolvedEnqueueOptions,
  ): Promise<void> {
    if (data.length === 0) return;
    await this.ready();
    const send = this.sendOptions(options);
    await this.boss.insert(
      queue,
      data.map((payload) => ({
        data: this.envelope(name, payload, options) as object,
        ...send,
        startAfter: send.startAfter as Date | undefined,
      })),
    );
  }

  async addAndWait(
    queue: QueueName,
    name: JobName,
    data: unknown,
    timeoutMs: number,
  ): Promise<unknown> {
    await this.ready();
    const id = await this.boss.send(
      queue,
      { job: name, payload: data, backoff: { type: 'exponential', delay: 0 } },
      { retryLimit: 0, heartbeatSeconds: this.heartbeatSeconds, deleteAfterSeconds: 60 },
    );
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [job] = await this.boss.findJobs(queue, { id: id! });
      if (job?.state === 'completed') return job.output;
      if (job?.state === 'failed') throw new Error(failureMessage(job.output));
      await sleep(WAIT_POLL_MS);
    }
    throw new Error(`Job ${name} ${id} did not finish within ${timeoutMs} ms`);
  }

  async repeat(queue: QueueName, name: JobName, data: unknown, everyMs: number): Promise<void> {
    await this.ready();
    // One job per period of `everyMs`, whoever sends it: pg-boss refuses a second job of the
    // same key in the same time slot. Sent four times a period so a slot is never missed.
    const options: ResolvedEnqueueOptions = {
      attempts: 5,
      backoff: { type: 'exponential', delay: 2000 },
      discardWhenDone: false,
    };
    const send = () =>
      this.boss.send(queue, this.envelope(name, data, options) as object, {
        ...this.sendOptions(options),
        singletonKey: name,
        singletonSeconds: toSeconds(everyMs),
      });
    await send();
    const timer = setInterval(
      () => void send().catch((error) => this.logger.error(`${name}: ${messageOf(error)}`)),
      Math.max(1000, everyMs / 4),
    );
    timer.unref();
    this.repeaters.push(timer);
  }

  async consume(queue: QueueName, options: ConsumeOptions, handler: JobHandler): Promise<void> {
    await this.ready();
    this.consumed.push(queue);
    await this.boss.work(
      queue,
      {
        localConcurrency: options.concurrency,
        batchSize: 1,
        includeMetadata: true,
        // Jobs that become due (delays, retries) wake nobody: polled for every second.
        pollingIntervalSeconds: 1,
        notifyPollingIntervalSeconds: 1,
      } as const,
      async ([job]: JobWithMetadata<Envelope>[]) => {
        try {
          return await handler({
            id: job.id,
            name: job.data.job,
            data: job.data.payload,
            dueAt: job.startAfter.getTime(),
            attemptsMade: job.retryCount,
          });
        } catch (error) {
          if (job.retryCount >= job.retryLimit) throw error;
          await this.failForRetry(queue, job, error);
        }
      },
    );
  }

  /**
   * Fails a run that has retries left and moves its next run to when our backoff says (pg-boss
   * would wait its own way); pg-boss's completion of the run that follows finds nothing to do.
   * Should this process die in between, the retry waits the job's retry delay instead.
   */
  private async failForRetry(
    queue: QueueName,
    job: JobWithMetadata<Envelope>,
    error: unknown,
  ): Promise<void> {
    const attemptsMade = job.retryCount + 1;
    await this.boss.fail(
      queue,
      { id: job.id, retryCount: job.retryCount },
      { message: messageOf(error) },
    );
    await this.boss.update(queue, undefined, {
      id: job.id,
      startAfter: new Date(Date.now() + retryDelayMs(job.data.backoff, attemptsMade)),
      retryDelay: toSeconds(retryDelayMs(job.data.backoff, attemptsMade + 1)),
    });
  }

  async stopConsuming(): Promise<void> {
    for (const timer of this.repeaters.splice(0)) clearInterval(timer);
    const queues = this.consumed.splice(0);
    await Promise.all(queues.map((queue) => this.boss.offWork(queue, { wait: true })));
  }

  async counts(queue: QueueName): Promise<JobCounts> {
    await this.ready();
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT
         count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
         count(*) FILTER (WHERE state = 'active')::int AS active,
         count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after > now())::int AS delayed,
         count(*) FILTER (WHERE state = 'failed')::int AS failed
       FROM ${PG_BOSS_SCHEMA}.job WHERE name = $1`,
      [queue],
    );
    return rows[0] as JobCounts;
  }

  async failedJobs(queue: QueueName, limit: number): Promise<FailedJob[]> {
    await this.ready();
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT id, data->>'job' AS name, output, retry_count AS "retryCount", completed_on AS "failedAt"
       FROM ${PG_BOSS_SCHEMA}.job WHERE name = $1 AND state = 'failed'
       ORDER BY completed_on DESC LIMIT $2`,
      [queue, limit],
    );
    return rows.map(
      (row: {
        id: string;
        name: string;
        output: unknown;
        retryCount: number;
        failedAt: Date | null;
      }) => ({
        id: row.id,
        name: row.name,
        error: failureMessage(row.output),
        attemptsMade: row.retryCount + 1,
        failedAt: row.failedAt,
      }),
    );
  }

  async retryFailed(queue: QueueName, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    await this.ready();
    const [job] = await this.boss.findJobs(queue, { id });
    if (job?.state !== 'failed') return false;
    await this.boss.retry(queue, id);
    return true;
  }

  async close(): Promise<void> {
    await this.stopConsuming();
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}

/** The message pg-boss stored for a failure (an error serialised, or our `{ message }`). */
function failureMessage(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    return String((output as { message: unknown }).message);
  }
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
