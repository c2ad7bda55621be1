import { INestApplicationContext } from '@nestjs/common';
import { MetricsServer, ProbeServer } from '@nestodon/platform';
import { JobName, JobQueue } from '@nestodon/queue';
import {
  createLocalAccount,
  createStatus,
  createTestEnvironment,
  metricSample,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createWorkerApp } from '../src/bootstrap';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('worker metrics', () => {
  let environment: TestEnvironment;
  let worker: INestApplicationContext;
  let metricsPort: string;
  let probes: ReturnType<typeof request>;

  beforeAll(async () => {
    environment = await createTestEnvironment({
      env: { METRICS_PORT: '0', WORKER_HEALTH_PORT: '0', METRICS_TOKEN: TOKEN },
    });
    worker = await createWorkerApp(environment.config);
    await worker.init();
    metricsPort = `http://127.0.0.1:${worker.get(MetricsServer).port}`;
    probes = request(`http://127.0.0.1:${worker.get(ProbeServer).port}`);
  });
  afterAll(async () => {
    await worker.close();
    await environment.teardown();
  });

  const scrape = async () => (await request(metricsPort).get('/metrics').expect(200)).text;

  it('counts jobs by queue, kind and outcome, with their wait, time and queue depth', async () => {
    await worker
      .get(JobQueue)
      .enqueueAndWait(JobName.SystemPing, { requestedAt: new Date().toISOString() }, 10_000);
    // A job no processor knows fails (one attempt when added without the defaults).
    await worker.get(JobQueue).queue('default').add('no.such_job', {});
    let text = '';
    await waitFor(async () => {
      text = await scrape();
      return (
        metricSample(text, 'nestodon_jobs_total', { job: 'no.such_job', outcome: 'failed' }) === 1
      );
    });
    expect(
      metricSample(text, 'nestodon_jobs_total', {
        queue: 'default',
        job: JobName.SystemPing,
        outcome: 'completed',
      }),
    ).toBe(1);
    expect(metricSample(text, 'nestodon_job_wait_seconds_count', { queue: 'default' })).toBe(2);
    expect(
      metricSample(text, 'nestodon_job_duration_seconds_count', { job: JobName.SystemPing }),
    ).toBe(1);
    expect(metricSample(text, 'nestodon_queue_jobs', { queue: 'default', state: 'failed' })).toBe(
      1,
    );
    expect(metricSample(text, 'nestodon_queue_jobs', { queue: 'push', state: 'waiting' })).toBe(0);
    expect(text).toContain('process="worker"');
  });

  it('counts the feeds fan-out reaches', async () => {
    const dataSource = worker.get(DataSource);
    const { account } = await createLocalAccount(dataSource, { username: 'poster' });
    const status = await createStatus(dataSource, account);
    await worker
      .get(JobQueue)
      .enqueueAndWait(JobName.DistributeStatus, { statusId: status.id }, 10_000);
    const text = await scrape();
    expect(metricSample(text, 'nestodon_fanout_feeds_total', { feed: 'home' })).toBe(1);
  });

  it('publishes PostgreSQL, Redis and process metrics', async () => {
    const text = await scrape();
    expect(
      metricSample(text, 'nestodon_db_query_duration_seconds_count', { statement: 'select' }),
    ).toBeGreaterThan(0);
    expect(
      metricSample(text, 'nestodon_db_pool_connections', { state: 'idle' }),
    ).toBeGreaterThanOrEqual(0);
    expect(
      metricSample(text, 'nestodon_redis_command_duration_seconds_count', { command: 'evalsha' }),
    ).toBeGreaterThan(0);
    expect(text).toMatch(/^nestodon_process_resident_memory_bytes\{process="worker"\} \d+/m);
    expect(text).toMatch(/^nestodon_nodejs_eventloop_lag_seconds\{process="worker"\} /m);
  });

  it('serves nothing else on the metrics port', async () => {
    await request(metricsPort).get('/health/ready').expect(404);
  });

  it('serves the scrape on the probe port only for METRICS_TOKEN', async () => {
    await probes.get('/metrics').expect(401);
    await probes.get('/metrics').set('Authorization', 'Bearer wrong-token').expect(401);
    const res = await probes.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('nestodon_jobs_total');
    await probes.get('/health/live').expect(200);
  });
});
