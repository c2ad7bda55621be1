import { INestApplicationContext } from '@nestjs/common';
import { JOB_BACKEND, JobBackend, JobName, JobQueue } from '@nestodon/queue';
import {
  createLocalAccount,
  createPoll,
  createStatus,
  RunningApp,
  waitFor,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { ApiAndWorker, startApiAndWorker } from './support/api-and-worker';

describe('jobs between api and worker over the PostgreSQL queue (no Redis)', () => {
  let apiAndWorker: ApiAndWorker;
  let worker: INestApplicationContext;
  let api: RunningApp;

  beforeAll(async () => {
    apiAndWorker = await startApiAndWorker({ env: { USE_REDIS: 'never' } });
    ({ worker, api } = apiAndWorker);
  });
  afterAll(() => apiAndWorker.close());

  it('runs the jobs of both processes on pg-boss', () => {
    expect(api.app.get<JobBackend>(JOB_BACKEND).kind).toBe('postgres');
    expect(worker.get<JobBackend>(JOB_BACKEND).kind).toBe('postgres');
  });

  it('a job enqueued by the api is processed by the worker and its result comes back', async () => {
    const result = await api.app
      .get(JobQueue)
      .enqueueAndWait(JobName.SystemPing, { requestedAt: new Date().toISOString() }, 10_000);
    expect(new Date(result.processedAt).getTime()).toBeGreaterThan(Date.now() - 10_000);
    const res = await api.http.get('/health/worker').expect(200);
    expect(res.body.worker).toBe(true);
  });

  it('closes a poll when its delayed expiry job comes due, once for a repeated job id', async () => {
    const dataSource = worker.get(DataSource);
    const { account } = await createLocalAccount(dataSource);
    const status = await createStatus(dataSource, account);
    const poll = await createPoll(dataSource, status, { expiresAt: new Date(Date.now() + 1500) });
    const jobs = api.app.get(JobQueue);
    const jobId = `poll-expire-${poll.id}`;
    for (let copy = 0; copy < 2; copy++) {
      await jobs.enqueue(JobName.ExpirePoll, { pollId: poll.id }, { delay: 1500, jobId });
    }
    const backend = api.app.get<JobBackend>(JOB_BACKEND);
    expect(await backend.counts('scheduler')).toMatchObject({ delayed: 1 });
    const closedAt = async () =>
      (await dataSource.query('SELECT closed_at FROM polls WHERE id = $1', [poll.id]))[0]
        .closed_at as Date | null;
    expect(await waitFor(async () => (await closedAt()) !== null)).toBe(true);
    expect(await backend.counts('scheduler')).toMatchObject({ waiting: 0, delayed: 0, failed: 0 });
  });

  it('a job of a kind no processor handles fails for good with its error', async () => {
    const backend = api.app.get<JobBackend>(JOB_BACKEND);
    await backend.add(
      'default',
      'no.such.job' as JobName,
      {},
      {
        attempts: 1,
        backoff: { type: 'exponential', delay: 1000 },
        discardWhenDone: false,
      },
    );
    expect(await waitFor(async () => (await backend.counts('default')).failed === 1)).toBe(true);
    expect((await backend.failedJobs('default', 5))[0].error).toBe(
      'No processor handles job "no.such.job"',
    );
  });
});
