import { createTestEnvironment, listen, RunningApp, TestEnvironment } from '@nestodon/testing';
import { createStreamingApp } from '../src/bootstrap';

describe('GET /api/v1/streaming/health', () => {
  let environment: TestEnvironment;
  let streaming: RunningApp;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    streaming = await listen(await createStreamingApp(environment.config));
  });
  afterAll(async () => {
    await streaming.close();
    await environment.teardown();
  });

  it('answers OK as plain text', async () => {
    const res = await streaming.http.get('/api/v1/streaming/health').expect(200);
    expect(res.text).toBe('OK');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('answers liveness and readiness probes, readiness with the subscriber connection', async () => {
    expect((await streaming.http.get('/health/live').expect(200)).body).toEqual({ alive: true });
    expect((await streaming.http.get('/health/ready').expect(200)).body).toEqual({
      ready: true,
      checks: { postgres: true, redis: true, redis_subscriber: true },
    });
  });

  it('answers paths outside the streaming API with a JSON 404', async () => {
    const res = await streaming.http.get('/nope').expect(404);
    expect(res.body).toEqual({ error: 'Record not found' });
  });
});
