import { INestApplicationContext } from '@nestjs/common';
import { JobName, JobQueue, QUEUE_OF_JOB } from '@nestodon/queue';
import {
  createLocalAccount,
  createPoll,
  createStatus,
  createTestEnvironment,
  TEST_REDIS_URL,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createWorkerApp } from '../src/bootstrap';

describe('worker shutdown', () => {
  let environment: TestEnvironment;
  let worker: INestApplicationContext;
  let lock: Client;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    worker = await createWorkerApp(environment.config);
    await worker.init();
    lock = new Client({ connectionString: environment.database.url });
    await lock.connect();
  });
  afterAll(async () => {
    await lock.end();
    await environment.teardown();
  });

  it('stops taking jobs and lets the running ones finish', async () => {
    const dataSource = worker.get(DataSource);
    const { account } = await createLocalAccount(dataSource);
    const status = await createStatus(dataSource, account);
    const poll = await createPoll(dataSource, status, { expiresAt: new Date(Date.now() - 1000) });

    // The expiry job blocks on the poll's row until the lock is released.
    await lock.query('BEGIN');
    await lock.query('SELECT id FROM polls WHERE id = $1 FOR UPDATE', [poll.id]);
    const queueName = QUEUE_OF_JOB[JobName.ExpirePoll];
    await worker
      .get(JobQueue)
      .enqueue(JobName.ExpirePoll, { pollId: poll.id }, { jobId: 'expire-blocked' });
    const queue = worker.get(JobQueue).queue(queueName);
    expect(
      await waitFor(async () => (await queue.getJobState('expire-blocked')) === 'active'),
    ).toBe(true);

    // Release the row once shutdown has begun: the job is in flight while the worker closes.
    const closing = worker.close();
    setTimeout(() => void lock.query('COMMIT'), 500);
    await closing;

    const row = await lock.query('SELECT closed_at FROM polls WHERE id = $1', [poll.id]);
    expect(row.rows[0].closed_at).not.toBeNull();
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const inspection = new Queue(queueName, {
      prefix: `${environment.config.redis.namespace}bull`,
      connection: redis,
    });
    try {
      expect(await inspection.getJobState('expire-blocked')).toBe('completed');
    } finally {
      await inspection.close();
      redis.disconnect();
    }
  });
});
