import { INestApplicationContext } from '@nestjs/common';
import { JobName, JobQueue } from '@nestodon/queue';
import { createTestEnvironment, listen, RunningApp, TestEnvironment } from '@nestodon/testing';
import { createApiApp } from '../../api/src/bootstrap';
import { createWorkerApp } from '../src/bootstrap';

describe('jobs between api and worker over BullMQ', () => {
  let environment: TestEnvironment;
  let worker: INestApplicationContext;
  let api: RunningApp;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    worker = await createWorkerApp(environment.config);
    await worker.init();
    api = await listen(await createApiApp(environment.config));
  });
  afterAll(async () => {
    await api.close();
    await worker.close();
    await environment.teardown();
  });

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

  it('fire-and-forget jobs complete in the worker', async () => {
    const jobs = api.app.get(JobQueue);
    await jobs.enqueue(
      JobName.SystemPing,
      { requestedAt: new Date().toISOString() },
      { jobId: 'ping-1' },
    );
    const queue = jobs.queue('default');
    const deadline = Date.now() + 5000;
    let state = await queue.getJobState('ping-1');
    while (state !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      state = await queue.getJobState('ping-1');
    }
    expect(state).toBe('completed');
  });
});
