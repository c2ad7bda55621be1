import { dataSourceOptions } from '@nestodon/domain';
import { JobName } from '@nestodon/queue';
import {
  createAccountWithToken,
  createLocalFollowers,
  createTestEnvironment,
  freePort,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { ready, Started, startProcess, stop } from './support/processes';

const FOLLOWERS = 20_000;
// Short job locks, so that the stalled job of the killed worker runs again within seconds (not
// so short that a loaded machine delays the new worker's lock renewal past them: BullMQ then
// counts the job stalled twice and fails it).
const WORKER_ENV = { WORKER_JOB_LOCK_MS: '4000' };

/**
 * Issue 13's fault suite: the worker SIGKILLed while it fans a status out to thousands of
 * local followers. A new worker finds the stalled job (BullMQ's stalled check) and runs it
 * again; every follower's home feed ends up holding the status, once (feeds are sorted sets
 * and the fan-out only adds).
 */
describe('the worker killed mid fan-out', () => {
  let environment: TestEnvironment;
  let dataSource: DataSource;
  let redis: Redis;
  const processes: Started[] = [];

  beforeAll(async () => {
    environment = await createTestEnvironment();
    dataSource = new DataSource(
      dataSourceOptions({ url: environment.config.database.url, poolSize: 2 }),
    );
    await dataSource.initialize();
    redis = new Redis(environment.config.redis.url, { maxRetriesPerRequest: null });
  });

  afterAll(async () => {
    await Promise.all(processes.map((started) => stop(started)));
    redis?.disconnect();
    await dataSource?.destroy();
    await environment?.teardown();
  }, 30_000);

  it('delivers the status to every follower once after a new worker takes over', async () => {
    const [apiPort, workerPort, secondWorkerPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
    ]);
    const api = startProcess(environment, 'api', apiPort);
    const worker = startProcess(environment, 'worker', workerPort, WORKER_ENV);
    processes.push(api, worker);
    const alice = await createAccountWithToken(dataSource);
    const followers = await createLocalFollowers(dataSource, alice.account, FOLLOWERS);
    await Promise.all([ready(api), ready(worker)]);

    const response = await fetch(`http://127.0.0.1:${apiPort}/api/v1/statuses`, {
      method: 'POST',
      headers: { Authorization: alice.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'to all of you' }),
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };

    const feed = (accountId: string) =>
      `${environment.config.redis.namespace}feed:home:${accountId}`;
    const holding = async () => {
      const pipeline = redis.pipeline();
      for (const follower of followers) pipeline.zscore(feed(follower), id);
      const results = (await pipeline.exec()) ?? [];
      return results.filter(([, score]) => score !== null).length;
    };
    // Followers are reached in id order: kill as soon as the first has it.
    expect(
      await waitFor(async () => (await redis.zscore(feed(followers[0]), id)) !== null, 30_000),
    ).toBe(true);
    await stop(worker, 'SIGKILL');
    const reachedBeforeKill = await holding();
    expect(reachedBeforeKill).toBeLessThan(FOLLOWERS);

    const killedAt = Date.now();
    const second = startProcess(environment, 'worker', secondWorkerPort, WORKER_ENV);
    processes.push(second);
    await ready(second);
    expect(await waitFor(async () => (await holding()) === FOLLOWERS, 60_000)).toBe(true);
    const recoveredMs = Date.now() - killedAt;

    const prefix = `${environment.config.redis.namespace}bull`;
    const queue = new Queue('default', { prefix, connection: redis });
    try {
      // The job finishes after the feeds (notifications and streaming come next): wait for it.
      const distribution = async () =>
        (await queue.getCompleted()).find(
          (completed) => completed.name === JobName.DistributeStatus,
        );
      expect(await waitFor(async () => (await distribution()) !== undefined, 20_000)).toBe(true);
      const job = (await distribution())!;
      expect(job.processedBy).toMatch(new RegExp(`:${second.child.pid}$`));
      expect(await queue.getFailedCount()).toBe(0);
    } finally {
      await queue.close();
    }
    // A sorted set cannot hold the status twice; the feed holds it and nothing else.
    expect(await redis.zrange(feed(followers[FOLLOWERS - 1]), 0, -1)).toEqual([id]);
    console.log(
      `fan-out to ${FOLLOWERS}: ${reachedBeforeKill} reached when the worker was killed; all within ${recoveredMs} ms`,
    );
  }, 120_000);
});
