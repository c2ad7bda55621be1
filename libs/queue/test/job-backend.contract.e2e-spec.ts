import { Logger } from '@nestjs/common';
import { AppConfig, QueueName } from '@nestodon/config';
import { createTestEnvironment, TestEnvironment, waitFor } from '@nestodon/testing';
import Redis from 'ioredis';
import { AddressInfo, createServer, Server, Socket } from 'node:net';
import {
  BullJobBackend,
  ConsumedJob,
  ConsumeOptions,
  FEDERATION_BACKOFF,
  JobBackend,
  JobName,
  ResolvedEnqueueOptions,
} from '../src';
import { PgBossJobBackend } from '../src/pg-boss-job-backend';

/**
 * A TCP relay to a server, which can be cut: to the server, the process behind it died (its
 * connections drop and no new one gets through). Mended, it lets the process close cleanly.
 */
interface Relay {
  port: number;
  cut(): void;
  mend(): void;
  close(): Promise<void>;
}

async function relayTo(host: string, port: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = new Socket().connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** How a backend of each kind is made on a test environment, optionally through a relay. */
interface Adapter {
  kind: 'redis' | 'postgres';
  env: Record<string, string>;
  /** A backend, and what closes whatever else it was given. */
  make(config: AppConfig, relay?: Relay): { jobs: JobBackend; dispose(): void };
  /** The server the adapter keeps its jobs on. */
  server(config: AppConfig): { host: string; port: number };
}

const ADAPTERS: Adapter[] = [
  {
    kind: 'redis',
    env: { USE_REDIS: 'always' },
    make(config, relay) {
      const url = new URL(config.redis.url);
      const connection = new Redis({
        host: url.hostname,
        port: relay?.port ?? Number(url.port || 6379),
        maxRetriesPerRequest: null,
      });
      connection.on('error', () => undefined);
      return {
        jobs: new BullJobBackend(config, connection),
        dispose: () => connection.disconnect(),
      };
    },
    server: (config) => {
      const url = new URL(config.redis.url);
      return { host: url.hostname, port: Number(url.port || 6379) };
    },
  },
  {
    kind: 'postgres',
    env: { USE_REDIS: 'never' },
    make(config, relay) {
      const url = new URL(config.database.url);
      if (relay) url.port = String(relay.port);
      const database = { ...config.database, url: url.href };
      return { jobs: new PgBossJobBackend({ ...config, database }), dispose: () => undefined };
    },
    server: (config) => {
      const url = new URL(config.database.url);
      return { host: url.hostname, port: Number(url.port || 5432) };
    },
  },
];

const QUEUE: QueueName = 'default';
const JOB = JobName.SystemPing;
const CONSUMER: ConsumeOptions = { concurrency: 2, lockMs: 2000, workerName: 'contract' };
const options = (more: Partial<ResolvedEnqueueOptions> = {}): ResolvedEnqueueOptions => ({
  attempts: 1,
  backoff: { type: 'exponential', delay: 1000 },
  discardWhenDone: false,
  ...more,
});
// The worker cut off from its servers logs every failed reconnection.
Logger.overrideLogger(false);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(ADAPTERS)('the job backend on $kind', (adapter) => {
  // Each test on a fresh database and namespace: jobs one leaves behind do not count in the next.
  let environment: TestEnvironment;
  let made: Array<{ jobs: JobBackend; dispose(): void }>;

  beforeEach(async () => {
    environment = await createTestEnvironment({ env: adapter.env });
    expect(environment.config.redis.enabled).toBe(adapter.kind === 'redis');
    made = [];
  });
  afterEach(async () => {
    await Promise.all(made.map(({ jobs }) => jobs.close()));
    for (const { dispose } of made) dispose();
    await environment.teardown();
  }, 20_000);

  function backend(relay?: Relay): JobBackend {
    const one = adapter.make(environment.config, relay);
    made.push(one);
    return one.jobs;
  }

  /** Consumes with `handler` and records every run, with when it started. */
  async function consumer(
    jobs: JobBackend,
    handler: (job: ConsumedJob) => Promise<unknown> = async () => ({ done: true }),
  ): Promise<Array<ConsumedJob & { startedAt: number }>> {
    const runs: Array<ConsumedJob & { startedAt: number }> = [];
    await jobs.consume(QUEUE, CONSUMER, (job) => {
      runs.push({ ...job, startedAt: Date.now() });
      return handler(job);
    });
    return runs;
  }

  it('hands an added job to a consumer with its kind and data, and returns results', async () => {
    const jobs = backend();
    const runs = await consumer(jobs);
    await jobs.add(QUEUE, JOB, { requestedAt: 'now' }, options());
    expect(await waitFor(async () => runs.length === 1)).toBe(true);
    expect(runs[0]).toMatchObject({
      name: JOB,
      data: { requestedAt: 'now' },
      attemptsMade: 0,
    });
    expect(Date.now() - runs[0].dueAt).toBeLessThan(10_000);
    await expect(jobs.addAndWait(QUEUE, JOB, { requestedAt: 'later' }, 10_000)).resolves.toEqual({
      done: true,
    });
  });

  it('adds many jobs at once, each run once', async () => {
    const jobs = backend();
    const runs = await consumer(jobs);
    await jobs.addMany(QUEUE, JOB, [{ n: 1 }, { n: 2 }, { n: 3 }], options());
    expect(await waitFor(async () => runs.length === 3)).toBe(true);
    await sleep(500);
    expect(
      runs.map((run) => run.data).sort((a, b) => (a as { n: number }).n - (b as { n: number }).n),
    ).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('retries a failing job after the backoff, then counts it failed with its error', async () => {
    const jobs = backend();
    const runs = await consumer(jobs, async () => {
      throw new Error('broken');
    });
    await jobs.add(QUEUE, JOB, {}, options({ attempts: 3 }));
    expect(await waitFor(async () => (await jobs.counts(QUEUE)).failed === 1, 20_000)).toBe(true);
    expect(runs.map((run) => run.attemptsMade)).toEqual([0, 1, 2]);
    const [first, second, third] = runs.map((run) => run.startedAt);
    // Exponential from 1 s: 1 s, then 2 s (a backend may be late, never early).
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1900);
    const failed = await jobs.failedJobs(QUEUE, 10);
    expect(failed).toEqual([
      expect.objectContaining({ name: JOB, error: 'broken', attemptsMade: 3 }),
    ]);
    expect(await jobs.retryFailed(QUEUE, failed[0].id)).toBe(true);
    expect(await waitFor(async () => runs.length === 4)).toBe(true);
    expect(await jobs.retryFailed(QUEUE, 'no-such-job')).toBe(false);
  }, 40_000);

  it("waits the federation schedule's quarter minute and more before retrying a delivery", async () => {
    const jobs = backend();
    const runs = await consumer(jobs, async () => {
      throw new Error('remote down');
    });
    await jobs.add(
      QUEUE,
      JOB,
      {},
      options({ attempts: 17, backoff: { type: FEDERATION_BACKOFF } }),
    );
    expect(await waitFor(async () => (await jobs.counts(QUEUE)).delayed === 1)).toBe(true);
    await sleep(3000);
    expect(runs).toHaveLength(1);
    expect(await jobs.counts(QUEUE)).toMatchObject({
      waiting: 0,
      active: 0,
      delayed: 1,
      failed: 0,
    });
  });

  it('runs a delayed job once it is due, not before', async () => {
    const jobs = backend();
    await jobs.add(QUEUE, JOB, {}, options({ delay: 2000 }));
    const added = Date.now();
    expect((await jobs.counts(QUEUE)).delayed).toBe(1);
    const runs = await consumer(jobs);
    expect(await waitFor(async () => runs.length === 1)).toBe(true);
    expect(Date.now() - added).toBeGreaterThanOrEqual(1900);
  });

  it('adds a job id only once, while the job waits and after it ran', async () => {
    const jobs = backend();
    await jobs.add(QUEUE, JOB, { copy: 1 }, options({ jobId: 'poll-expire-1', delay: 500 }));
    await jobs.add(QUEUE, JOB, { copy: 2 }, options({ jobId: 'poll-expire-1', delay: 500 }));
    expect((await jobs.counts(QUEUE)).delayed).toBe(1);
    const runs = await consumer(jobs);
    expect(await waitFor(async () => runs.length === 1)).toBe(true);
    await jobs.add(QUEUE, JOB, { copy: 3 }, options({ jobId: 'poll-expire-1' }));
    await jobs.add(QUEUE, JOB, { copy: 4 }, options({ jobId: 'poll-expire-2' }));
    expect(await waitFor(async () => runs.length === 2)).toBe(true);
    await sleep(1000);
    expect(runs.map((run) => run.data)).toEqual([{ copy: 1 }, { copy: 4 }]);
  });

  it('runs a repeatable job once per period, however many workers register it', async () => {
    const workers = [backend(), backend()];
    const runs = await Promise.all(workers.map((jobs) => consumer(jobs)));
    await Promise.all(workers.map((jobs) => jobs.repeat(QUEUE, JobName.RefreshTrends, {}, 2000)));
    await sleep(6500);
    // Three periods (four when they straddle): twice that if each worker scheduled its own.
    const all = runs.flat();
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.length).toBeLessThanOrEqual(4);
    expect(new Set(all.map((job) => job.name))).toEqual(new Set([JobName.RefreshTrends]));
  }, 20_000);

  it('runs a job again when the worker running it dies, once its lock lapses', async () => {
    const server = adapter.server(environment.config);
    const relay = await relayTo(server.host, server.port);
    const doomed = backend(relay);
    let release = () => undefined as void;
    const hung = new Promise<void>((resolve) => (release = resolve));
    const doomedRuns = await consumer(doomed, () => hung);
    await doomed.add(QUEUE, JOB, { survivor: true }, options({ attempts: 3 }));
    expect(await waitFor(async () => doomedRuns.length === 1)).toBe(true);

    // The worker's servers stop hearing from it mid-job, as when its process is killed.
    relay.cut();
    const survivor = backend();
    const runs = await consumer(survivor);
    expect(await waitFor(async () => runs.length === 1, 45_000)).toBe(true);
    expect(runs[0].data).toEqual({ survivor: true });
    // The dead worker is gone for good in life; here its backend is let go as well as it can.
    release();
    relay.mend();
    const [dead] = made.splice(-2, 1);
    dead.dispose();
    await Promise.race([
      dead.jobs.close().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 5000).unref()),
    ]);
    await relay.close();
  }, 60_000);

  it('counts jobs by state', async () => {
    const jobs = backend();
    await jobs.add(QUEUE, JOB, {}, options());
    await jobs.add(QUEUE, JOB, {}, options({ delay: 60_000 }));
    expect(await jobs.counts(QUEUE)).toEqual({ waiting: 1, active: 0, delayed: 1, failed: 0 });
    expect(await jobs.counts('push')).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  });
});
