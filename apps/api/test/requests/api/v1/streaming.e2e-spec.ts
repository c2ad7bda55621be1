import { ApiHarness, startApi } from '../../../support/api-harness';

describe('GET /api/v1/streaming on the api', () => {
  let api: ApiHarness;
  let sameHost: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ env: { STREAMING_API_BASE_URL: 'wss://streaming.nestodon.test' } });
    sameHost = await startApi();
  });
  afterAll(async () => {
    await api.close();
    await sameHost.close();
  });

  it('redirects to the same path and query on the streaming host', async () => {
    const res = await api.http.get('/api/v1/streaming?stream=user').expect(301);
    expect(res.headers.location).toBe(
      'http://streaming.nestodon.test/api/v1/streaming?stream=user',
    );
    const sse = await api.http.get('/api/v1/streaming/public/local?only_media=1').expect(301);
    expect(sse.headers.location).toBe(
      'http://streaming.nestodon.test/api/v1/streaming/public/local?only_media=1',
    );
  });

  it('answers 404 when the streaming host is this host', async () => {
    const host = new URL(sameHost.config.instance.streamingBaseUrl).host;
    const res = await sameHost.http.get('/api/v1/streaming').set('Host', host).expect(404);
    expect(res.body).toEqual({ error: 'Record not found' });
  });
});
