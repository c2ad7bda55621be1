import { INestApplicationContext } from '@nestjs/common';
import { ProbeServer } from '@nestodon/platform';
import { createTestEnvironment, TestEnvironment } from '@nestodon/testing';
import request from 'supertest';
import { createWorkerApp } from '../src/bootstrap';

describe('worker health probes (WORKER_HEALTH_PORT)', () => {
  let environment: TestEnvironment;
  let worker: INestApplicationContext;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    // Port 0: any free port, read back from the probe server.
    environment = await createTestEnvironment({ env: { WORKER_HEALTH_PORT: '0' } });
    worker = await createWorkerApp(environment.config);
    await worker.init();
    http = request(`http://127.0.0.1:${worker.get(ProbeServer).port}`);
  });
  afterAll(async () => {
    await worker.close();
    await environment.teardown();
  });

  it('answers liveness while the process runs', async () => {
    const res = await http.get('/health/live').expect(200);
    expect(res.body).toEqual({ alive: true });
  });

  it('answers readiness from PostgreSQL and Redis', async () => {
    const res = await http.get('/health/ready').expect(200);
    expect(res.body).toEqual({ ready: true, checks: { postgres: true, redis: true } });
  });

  it('answers other paths and methods as errors', async () => {
    await http.get('/nope').expect(404);
    await http.post('/health/ready').expect(405);
  });

  it('listens on no port when WORKER_HEALTH_PORT is unset', async () => {
    const plain = await createTestEnvironment();
    const other = await createWorkerApp(plain.config);
    await other.init();
    try {
      expect(other.get(ProbeServer).port).toBeNull();
    } finally {
      await other.close();
      await plain.teardown();
    }
  });
});
