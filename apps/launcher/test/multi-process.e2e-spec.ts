import { once } from 'node:events';
import { QUEUE_NAMES } from '@nestodon/config';
import { dataSourceOptions } from '@nestodon/domain';
import {
  createAccountWithToken,
  createTestEnvironment,
  freePort,
  insertFollow,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import WebSocket from 'ws';
import { Entry, ready, Started, startProcess, stop } from './support/processes';

/**
 * Scale-out on one PostgreSQL and one Redis, as the built processes (dist/, built by jest's global
 * setup) run in production: two api,
 * two streaming and two worker processes. A post made through one api reaches a follower
 * connected to the other streaming process, and each job runs once across the two workers.
 */
describe('two of each process on one database and Redis', () => {
  let environment: TestEnvironment;
  let dataSource: DataSource;
  const processes: Started[] = [];

  const start = (entry: Entry, port: number) => {
    const started = startProcess(environment, entry, port);
    processes.push(started);
    return started;
  };

  beforeAll(async () => {
    environment = await createTestEnvironment();
    dataSource = new DataSource(
      dataSourceOptions({ url: environment.config.database.url, poolSize: 2 }),
    );
    await dataSource.initialize();
    const ports = await Promise.all(Array.from({ length: 6 }, () => freePort()));
    const entries = ['api', 'api', 'streaming', 'streaming', 'worker', 'worker'] as const;
    await Promise.all(entries.map((entry, i) => ready(start(entry, ports[i]))));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(processes.map((started) => stop(started)));
    await dataSource?.destroy();
    await environment?.teardown();
  }, 60_000);

  it('delivers a post through api #1 to a follower on streaming #2; each job runs once', async () => {
    const [api1, , , streaming2] = processes;
    const alice = await createAccountWithToken(dataSource);
    const bob = await createAccountWithToken(dataSource);
    await insertFollow(dataSource, bob.account, alice.account);

    const socket = new WebSocket(
      `ws://127.0.0.1:${streaming2.port}/api/v1/streaming?stream=user&access_token=${bob.auth.slice(7)}`,
    );
    const updates: string[] = [];
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { event?: string; payload?: string };
      if (frame.event === 'update') updates.push((JSON.parse(frame.payload!) as { id: string }).id);
    });
    await once(socket, 'open');
    // The gateway subscribes to Redis after the upgrade; give it that moment.
    await new Promise((done) => setTimeout(done, 500));

    const posted: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`http://127.0.0.1:${api1.port}/api/v1/statuses`, {
        method: 'POST',
        headers: { Authorization: alice.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ status: `hello @${bob.account.username} number ${i}` }),
      });
      expect(response.status).toBe(200);
      posted.push(((await response.json()) as { id: string }).id);
    }

    expect(await waitFor(async () => posted.every((id) => updates.includes(id)), 20_000)).toBe(
      true,
    );
    socket.close();

    const mentions = async () =>
      Number(
        (
          (await dataSource.query(
            `SELECT count(*) AS n FROM notifications WHERE account_id = $1 AND type = 'mention'`,
            [bob.account.id],
          )) as Array<{ n: string }>
        )[0].n,
      );
    expect(await waitFor(async () => (await mentions()) === posted.length, 20_000)).toBe(true);

    const workerNames = new Set(processes.slice(4).map(({ child }) => `:${child.pid}`));
    const prefix = `${environment.config.redis.namespace}bull`;
    const redis = new Redis(environment.config.redis.url, { maxRetriesPerRequest: null });
    const queues = QUEUE_NAMES.map((name) => new Queue(name, { prefix, connection: redis }));
    try {
      const completed = (await Promise.all(queues.map((queue) => queue.getCompleted()))).flat();
      expect(completed.length).toBeGreaterThan(0);
      for (const job of completed) {
        expect(job.attemptsStarted).toBe(1);
        expect([...workerNames].some((pid) => job.processedBy?.endsWith(pid))).toBe(true);
      }
      expect(
        (await Promise.all(queues.map((queue) => queue.getFailedCount()))).reduce((a, b) => a + b),
      ).toBe(0);
    } finally {
      await Promise.all(queues.map((queue) => queue.close()));
      redis.disconnect();
    }
    // Another moment: nothing ran twice meanwhile.
    expect(await mentions()).toBe(posted.length);
  }, 90_000);
});
