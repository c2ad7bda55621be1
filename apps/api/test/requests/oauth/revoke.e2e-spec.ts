import { digestToken } from '@nestodon/access';
import { OAuthAccessToken, OAuthApplication } from '@nestodon/domain';
import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import { registerApp } from '../../support/oauth';

describe('POST /oauth/revoke', () => {
  let api: ApiHarness;
  let app: Awaited<ReturnType<typeof registerApp>>;
  let application: OAuthApplication;

  beforeAll(async () => {
    api = await startApi();
    app = await registerApp(api);
    application = await api.dataSource
      .getRepository(OAuthApplication)
      .findOneByOrFail({ uid: app.client_id });
  });
  afterAll(() => api.close());

  const revoke = (body: Record<string, string>) =>
    api.http
      .post('/oauth/revoke')
      .type('form')
      .send({ client_id: app.client_id, client_secret: app.client_secret, ...body });

  it('revokes the app’s own token, after which it no longer works; again is fine', async () => {
    const { user } = await createLocalAccount(api.dataSource);
    const token = await createAccessToken(api.dataSource, { user, application });
    const auth = `Bearer ${token}`;
    await api.http.get('/api/v1/apps/verify_credentials').set('Authorization', auth).expect(200);

    const res = await revoke({ token }).expect(200);
    expect(res.body).toEqual({});
    const row = await api.dataSource
      .getRepository(OAuthAccessToken)
      .findOneByOrFail({ tokenDigest: digestToken(token) });
    expect(row.revokedAt).toBeInstanceOf(Date);
    await api.http.get('/api/v1/apps/verify_credentials').set('Authorization', auth).expect(401);

    await revoke({ token }).expect(200);
    await revoke({ token: 'never-issued' }).expect(200);
  });

  it('accepts JSON bodies and HTTP Basic', async () => {
    const token = await createAccessToken(api.dataSource, { application });
    await api.http
      .post('/oauth/revoke')
      .send({ client_id: app.client_id, client_secret: app.client_secret, token })
      .expect(200);
    const second = await createAccessToken(api.dataSource, { application });
    await api.http
      .post('/oauth/revoke')
      .auth(app.client_id, app.client_secret)
      .type('form')
      .send({ token: second })
      .expect(200);
    await api.http
      .get('/api/v1/apps/verify_credentials')
      .set('Authorization', `Bearer ${second}`)
      .expect(401);
  });

  it('refuses to revoke a token of another app with 403', async () => {
    const foreign = await createAccessToken(api.dataSource);
    const res = await revoke({ token: foreign }).expect(403);
    expect(res.body).toEqual({
      error: 'unauthorized_client',
      error_description: 'You are not authorized to revoke this token',
    });
    await api.http
      .get('/api/v1/apps/verify_credentials')
      .set('Authorization', `Bearer ${foreign}`)
      .expect(200);
  });

  it('requires client authentication', async () => {
    const token = await createAccessToken(api.dataSource, { application });
    const res = await revoke({ token, client_secret: 'wrong' }).expect(401);
    expect(res.body.error).toBe('invalid_client');
    await api.http.post('/oauth/revoke').type('form').send({ token }).expect(401);
  });

  it('requires the token parameter', async () => {
    const res = await revoke({}).expect(400);
    expect(res.body.error).toBe('invalid_request');
  });
});
