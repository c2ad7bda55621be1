import { INestApplicationContext } from '@nestjs/common';
import { AppConfig } from '@nestodon/config';
import { JobName, JobQueue, QUEUE_OF_JOB } from '@nestodon/queue';
import { createTestEnvironment, TestEnvironment, waitFor } from '@nestodon/testing';
import { createWorkerApp } from '../src/bootstrap';

/** WORKER_QUEUES splits the queues between worker processes. */
describe('a worker consumes the queues of WORKER_QUEUES', () => {
  let environment: TestEnvironment;
  const workers: INestApplicationContext[] = [];

  const startWorker = async (config: AppConfig) => {
    const worker = await createWorkerApp(config);
    workers.push(worker);
    await worker.init();
    return worker;
  };

  beforeAll(async () => {
    environment = await createTestEnvironment({ env: { WORKER_QUEUES: 'scheduler,mailers:2' } });
  });
  afterAll(async () => {
    for (const worker of workers) await worker.close();
    await environment.teardown();
  });

  it('leaves the other queues to other workers', async () => {
    const scheduling = await startWorker(environment.config);
    const jobs = scheduling.get(JobQueue);
    const defaultQueue = jobs.queue(QUEUE_OF_JOB[JobName.SystemPing]);
    expect(await defaultQueue.getWorkersCount()).toBe(0);
    expect(await jobs.queue('scheduler').getWorkersCount()).toBe(1);
    expect(await jobs.queue('mailers').getWorkersCount()).toBe(1);

    await jobs.enqueue(
      JobName.SystemPing,
      { requestedAt: new Date().toISOString() },
      { jobId: 'ping-waits' },
    );
    // A job enqueued after it, on a queue this worker consumes, is done; the ping still waits.
    expect(await jobs.enqueueAndWait(JobName.ExpirePoll, { pollId: '1' }, 10_000)).toEqual({
      closed: false,
    });
    expect(await defaultQueue.getJobState('ping-waits')).toBe('waiting');

    // A worker for the default queue, started elsewhere, takes it.
    await startWorker({
      ...environment.config,
      jobs: { ...environment.config.jobs, queues: [{ name: 'default', concurrency: 1 }] },
    });
    expect(
      await waitFor(async () => (await defaultQueue.getJobState('ping-waits')) === 'completed'),
    ).toBe(true);
  });
});
