import { MetricsServer } from '@nestodon/platform';
import { ApiHarness, startApi } from '../support/api-harness';

describe('GET /health', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
  });
  afterAll(() => api.close());

  it('reports Postgres and Redis', async () => {
    const res = await api.http.get('/health').expect(200);
    expect(res.body).toEqual({ healthy: true, postgres: true, redis: true });
    expect(res.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers liveness and readiness probes', async () => {
    expect((await api.http.get('/health/live').expect(200)).body).toEqual({ alive: true });
    expect((await api.http.get('/health/ready').expect(200)).body).toEqual({
      ready: true,
      checks: { postgres: true, redis: true },
    });
  });

  it('publishes no metrics without METRICS_TOKEN or METRICS_PORT', async () => {
    await api.http.get('/metrics').expect(404);
    expect(api.app.get(MetricsServer).port).toBeNull();
  });

  it('keeps a sane client request id', async () => {
    const res = await api.http.get('/health').set('X-Request-Id', 'abc-123').expect(200);
    expect(res.headers['x-request-id']).toBe('abc-123');
    const bad = await api.http.get('/health').set('X-Request-Id', 'a b\tc').expect(200);
    expect(bad.headers['x-request-id']).not.toBe('a b\tc');
  });

  it('runs the ping job inline when jobs are inline', async () => {
    const res = await api.http.get('/health/worker').expect(200);
    expect(res.body).toEqual({ worker: true, latency_ms: expect.any(Number) });
  });
});
