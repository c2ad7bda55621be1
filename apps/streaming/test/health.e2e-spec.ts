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

  it('answers unknown paths with a JSON 404', async () => {
    const res = await streaming.http.get('/api/v1/streaming/nope').expect(404);
    expect(res.body).toEqual({ error: 'Record not found' });
  });
});
