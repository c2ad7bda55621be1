import { OAuthApplication } from '@nestodon/domain';
import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { registerApp } from '../../../../support/oauth';

describe('GET /api/v1/apps/verify_credentials', () => {
  let api: ApiHarness;
  let app: Awaited<ReturnType<typeof registerApp>>;
  let application: OAuthApplication;

  beforeAll(async () => {
    api = await startApi();
    app = await registerApp(api, {
      client_name: 'Verified',
      redirect_uris: ['https://v.example/cb', 'urn:ietf:wg:oauth:2.0:oob'],
      scopes: 'read write push',
      website: 'https://v.example',
    });
    application = await api.dataSource
      .getRepository(OAuthApplication)
      .findOneByOrFail({ uid: app.client_id });
  });
  afterAll(() => api.close());

  const expected = () => ({
    id: app.id,
    name: 'Verified',
    website: 'https://v.example',
    scopes: ['read', 'write', 'push'],
    redirect_uri: 'https://v.example/cb\nurn:ietf:wg:oauth:2.0:oob',
    redirect_uris: ['https://v.example/cb', 'urn:ietf:wg:oauth:2.0:oob'],
    vapid_key: '',
  });

  it('answers the Application of an app token, without secrets', async () => {
    const token = await createAccessToken(api.dataSource, { application, scopes: 'read' });
    const res = await api.http
      .get('/api/v1/apps/verify_credentials')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body).toEqual(expected());
  });

  it('accepts a user token with any scope, even of an unconfirmed user', async () => {
    const { user } = await createLocalAccount(api.dataSource, {}, { confirmedAt: null });
    const token = await createAccessToken(api.dataSource, { user, application, scopes: 'push' });
    const res = await api.http
      .get('/api/v1/apps/verify_credentials')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body).toEqual(expected());
  });

  it('accepts the token of a disabled or suspended user, as Mastodon checks only the token', async () => {
    const { user: disabled } = await createLocalAccount(api.dataSource, {}, { disabled: true });
    const { user: suspended } = await createLocalAccount(api.dataSource, {
      suspendedAt: new Date(),
    });
    for (const user of [disabled, suspended]) {
      const token = await createAccessToken(api.dataSource, { user, application, scopes: 'read' });
      const res = await api.http
        .get('/api/v1/apps/verify_credentials')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      expect(res.body).toEqual(expected());
    }
  });

  it('answers 401 without a token or with a bad one', async () => {
    const none = await api.http.get('/api/v1/apps/verify_credentials').expect(401);
    expect(none.body).toEqual({ error: 'The access token is invalid' });
    await api.http
      .get('/api/v1/apps/verify_credentials')
      .set('Authorization', 'Bearer not-a-token')
      .expect(401);
  });
});
