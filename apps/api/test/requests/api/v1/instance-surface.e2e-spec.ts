import { createRemoteAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';

describe('instance information: peers search, privacy policy', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
    for (const domain of ['mastodon.social', 'Mastodon.Art', 'misskey.io', 'x_y.example']) {
      await createRemoteAccount(api.dataSource, { domain });
    }
    await createRemoteAccount(api.dataSource, { domain: 'mastodon.social' });
  });
  afterAll(() => api.close());

  it('GET /api/v1/peers/search completes known domains, ten at most', async () => {
    const res = await api.http.get('/api/v1/peers/search?q=MASTO').expect(200);
    expect(res.body).toEqual(['mastodon.art', 'mastodon.social']);
    expect((await api.http.get('/api/v1/peers/search?q=mi').expect(200)).body).toEqual([
      'misskey.io',
    ]);
    // LIKE wildcards are plain characters.
    expect((await api.http.get('/api/v1/peers/search?q=x_').expect(200)).body).toEqual([
      'x_y.example',
    ]);
    expect((await api.http.get('/api/v1/peers/search?q=%25').expect(200)).body).toEqual([]);
    expect((await api.http.get('/api/v1/peers/search').expect(200)).body).toEqual([]);
    await api.http.get(`/api/v1/peers/search?q=${'a'.repeat(300)}`).expect(422);
    for (let i = 0; i < 12; i++)
      await createRemoteAccount(api.dataSource, { domain: `p${i}.example` });
    expect((await api.http.get('/api/v1/peers/search?q=p').expect(200)).body).toHaveLength(10);
  });

  it('GET /api/v1/instance/privacy_policy has a built-in policy naming the server', async () => {
    const res = await api.http.get('/api/v1/instance/privacy_policy').expect(200);
    expect(res.body).toEqual({ updated_at: expect.any(String), content: expect.any(String) });
    expect(res.body.content).toContain(api.config.instance.localDomain);
  });

  it('serves the configured privacy policy', async () => {
    const custom = await startApi({ env: { INSTANCE_PRIVACY_POLICY: '<p>We keep nothing.</p>' } });
    try {
      const res = await custom.http.get('/api/v1/instance/privacy_policy').expect(200);
      expect(res.body.content).toBe('<p>We keep nothing.</p>');
    } finally {
      await custom.close();
    }
  });
});
