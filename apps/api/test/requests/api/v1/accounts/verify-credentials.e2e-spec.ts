import { AccountStatsRepository } from '@nestodon/domain';
import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';

describe('GET /api/v1/accounts/verify_credentials', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('returns the CredentialAccount with source and role', async () => {
    const { account, user } = await createLocalAccount(
      api.dataSource,
      {
        username: 'carla',
        displayName: 'Carla',
        note: 'Hi #there\nhttps://carla.example',
        fields: [{ name: 'Web', value: 'https://carla.example', verified_at: null }],
      },
      { roleId: '1', settings: { default_privacy: 'unlisted', default_language: 'de' } },
    );
    await new AccountStatsRepository(api.dataSource).increment(account.id, 'statuses_count', 2);
    const token = await createAccessToken(api.dataSource, { user, scopes: 'read:accounts' });
    const res = await api.http
      .get('/api/v1/accounts/verify_credentials')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const base = api.config.instance.baseUrl;
    expect(res.body).toMatchObject({
      id: account.id,
      username: 'carla',
      acct: 'carla',
      display_name: 'Carla',
      url: `${base}/@carla`,
      uri: `${base}/users/carla`,
      statuses_count: 2,
      roles: [{ id: '1', name: 'Moderator', color: '' }],
      source: {
        privacy: 'unlisted',
        sensitive: false,
        language: 'de',
        note: 'Hi #there\nhttps://carla.example',
        fields: [{ name: 'Web', value: 'https://carla.example', verified_at: null }],
        follow_requests_count: 0,
        hide_collections: null,
        discoverable: null,
        indexable: false,
        attribution_domains: [],
        quote_policy: 'public',
      },
      role: { id: '1', name: 'Moderator', permissions: '1308', color: '', highlighted: true },
    });
    expect(res.body.note).toBe(
      `<p>Hi <a href="${base}/tags/there" class="mention hashtag" rel="tag">#<span>there</span></a><br />` +
        '<a href="https://carla.example" target="_blank" rel="nofollow noopener" translate="no">' +
        '<span class="invisible">https://</span><span class="">carla.example</span><span class="invisible"></span></a></p>',
    );
    expect(res.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('accepts the profile scope and the read parent scope', async () => {
    const { user } = await createLocalAccount(api.dataSource);
    for (const scopes of ['profile', 'read']) {
      const token = await createAccessToken(api.dataSource, { user, scopes });
      await api.http
        .get('/api/v1/accounts/verify_credentials')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    }
  });

  it('gives users without a role the everyone role', async () => {
    const { user } = await createLocalAccount(api.dataSource);
    const token = await createAccessToken(api.dataSource, { user, scopes: 'read' });
    const res = await api.http
      .get('/api/v1/accounts/verify_credentials')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body.role).toEqual({
      id: '-99',
      name: '',
      color: '',
      permissions: '65536',
      highlighted: false,
    });
    expect(res.body.roles).toEqual([]);
    expect(res.body.source.privacy).toBe('public');
    expect(res.body.source.language).toBe('');
  });

  it('answers 401 without a token or with a bad one', async () => {
    const res = await api.http.get('/api/v1/accounts/verify_credentials').expect(401);
    expect(res.body).toEqual({ error: 'The access token is invalid' });
    await api.http
      .get('/api/v1/accounts/verify_credentials')
      .set('Authorization', 'Bearer nope')
      .expect(401);
  });

  it('answers 403 for a token without the scope', async () => {
    const { user } = await createLocalAccount(api.dataSource);
    const token = await createAccessToken(api.dataSource, { user, scopes: 'write' });
    const res = await api.http
      .get('/api/v1/accounts/verify_credentials')
      .set('Authorization', `Bearer ${token}`)
      .expect(403);
    expect(res.body).toEqual({ error: 'This action is outside the authorized scopes' });
  });

  it('answers 422 for an app token, which has no user', async () => {
    const token = await createAccessToken(api.dataSource, { scopes: 'read' });
    const res = await api.http
      .get('/api/v1/accounts/verify_credentials')
      .set('Authorization', `Bearer ${token}`)
      .expect(422);
    expect(res.body.error).toBe('This method requires an authenticated user');
  });
});
