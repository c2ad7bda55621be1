import { PublishTermsOfServiceService } from '@nestodon/core';
import { createRemoteAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';

describe('instance information: peers search, privacy policy, terms of service', () => {
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

  it('GET /api/v1/instance/terms_of_service[/:date] shows the version in force and others by date', async () => {
    await api.http.get('/api/v1/instance/terms_of_service').expect(404);
    const publish = api.app.get(PublishTermsOfServiceService);
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await publish.call({ text: '<p>Old terms</p>', effectiveDate: day(-30) });
    const first = await api.http.get(`/api/v1/instance/terms_of_service/${day(-30)}`).expect(200);
    expect(first.body).toEqual({
      effective_date: day(-30),
      effective: true,
      content: '<p>Old terms</p>',
      succeeded_by: null,
    });
    await publish.call({ text: '<p>Current terms</p>', effectiveDate: day(-1) });
    await publish.call({ text: '<p>Next terms</p>', effectiveDate: day(10) });

    const current = await api.http.get('/api/v1/instance/terms_of_service').expect(200);
    expect(current.body).toEqual({
      effective_date: day(-1),
      effective: true,
      content: '<p>Current terms</p>',
      succeeded_by: day(10),
    });
    const next = await api.http.get(`/api/v1/instance/terms_of_service/${day(10)}`).expect(200);
    expect(next.body).toMatchObject({ effective: false, succeeded_by: null });
    const old = await api.http.get(`/api/v1/instance/terms_of_service/${day(-30)}`).expect(200);
    expect(old.body.succeeded_by).toBe(day(-1));
    for (const date of [day(5), '2020-13-45', 'yesterday']) {
      await api.http.get(`/api/v1/instance/terms_of_service/${date}`).expect(404);
    }
    await expect(publish.call({ text: 'again', effectiveDate: day(10) })).rejects.toThrow(
      'Effective date has already been taken',
    );
  });
});
