import { JobName, JobQueue, QUEUE_OF_JOB } from '@nestodon/queue';
import { RunningApp, TestEnvironment, waitFor } from '@nestodon/testing';
import { ApiAndWorker, startApiAndWorker } from './support/api-and-worker';

describe('jobs between api and worker over BullMQ', () => {
  let apiAndWorker: ApiAndWorker;
  let environment: TestEnvironment;
  let api: RunningApp;

  beforeAll(async () => {
    apiAndWorker = await startApiAndWorker();
    ({ environment, api } = apiAndWorker);
  });
  afterAll(() => apiAndWorker.close());

  it('a job enqueued by the api is processed by the worker and its result comes back', async () => {
    const jobs = api.app.get(JobQueue);
    const result = await jobs.enqueueAndWait(
      JobName.SystemPing,
      { requestedAt: new Date().toISOString() },
      5000,
    );
    expect(new Date(result.processedAt).getTime()).toBeGreaterThan(Date.now() - 5000);
  });

  it('many concurrent round trips all succeed', async () => {
    const jobs = api.app.get(JobQueue);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        jobs.enqueueAndWait(JobName.SystemPing, { requestedAt: new Date().toISOString() }, 5000),
      ),
    );
    expect(results.every((result) => typeof result.processedAt === 'string')).toBe(true);
  });

  it('concurrent health checks share one ping and all report a healthy worker', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => api.http.get('/health/worker')),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(200));
  });

  it('GET /health/worker reports the round trip', async () => {
    const res = await api.http.get('/health/worker').expect(200);
    expect(res.body.worker).toBe(true);
  });

  it('fire-and-forget jobs complete in the worker, with retries and removal set', async () => {
    const jobs = api.app.get(JobQueue);
    await jobs.enqueue(
      JobName.SystemPing,
      { requestedAt: new Date().toISOString() },
      { jobId: 'ping-1' },
    );
    const queue = jobs.queue(QUEUE_OF_JOB[JobName.SystemPing]);
    expect(await waitFor(async () => (await queue.getJobState('ping-1')) === 'completed')).toBe(
      true,
    );
    const job = await queue.getJob('ping-1');
    expect(job?.opts).toMatchObject({
      attempts: 5,
      backoff: { type: 'exponential', delay: 2000 },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 5000 },
    });
    // Queues live under the Redis namespace.
    expect(queue.qualifiedName).toBe(`${environment.config.redis.namespace}bull:default`);
  });

  it('a job of a kind no processor handles fails instead of vanishing', async () => {
    const queue = api.app.get(JobQueue).queue('default');
    await queue.add('no.such.job', {}, { jobId: 'unknown-1' });
    expect(await waitFor(async () => (await queue.getJobState('unknown-1')) === 'failed')).toBe(
      true,
    );
    expect((await queue.getJob('unknown-1'))?.failedReason).toBe(
      'No processor handles job "no.such.job"',
    );
  });
});
