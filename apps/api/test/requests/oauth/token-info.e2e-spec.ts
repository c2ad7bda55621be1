import { OAuthAccessToken } from '@nestodon/domain';
import { createAccessToken, createApplication, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';

describe('GET /oauth/token/info (issue 15)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const info = (token?: string) => {
    const request = api.http.get('/oauth/token/info');
    return token ? request.set('Authorization', `Bearer ${token}`) : request;
  };

  it('describes a user token, whatever its scopes', async () => {
    const { user } = await createLocalAccount(api.dataSource);
    const { application, clientId } = await createApplication(api.dataSource);
    const token = await createAccessToken(api.dataSource, {
      user,
      application,
      scopes: 'write:statuses push',
    });
    const res = await info(token).expect(200);
    expect(res.body).toEqual({
      resource_owner_id: Number(user.id),
      scope: ['write:statuses', 'push'],
      expires_in: null,
      application: { uid: clientId },
      created_at: expect.any(Number),
    });
    expect(Math.abs(res.body.created_at - Date.now() / 1000)).toBeLessThan(60);
  });

  it('describes an app token, and counts down a token that expires', async () => {
    const { application } = await createApplication(api.dataSource);
    const token = await createAccessToken(api.dataSource, { application, scopes: 'read' });
    await api.dataSource
      .getRepository(OAuthAccessToken)
      .update({ applicationId: application.id }, { expiresIn: 7200 });
    const res = await info(token).expect(200);
    expect(res.body.resource_owner_id).toBeNull();
    expect(res.body.expires_in).toBeGreaterThan(7000);
    expect(res.body.expires_in).toBeLessThanOrEqual(7200);
  });

  it('answers 401 without a valid token', async () => {
    const res = await info().expect(401);
    expect(res.body).toEqual({
      error: 'invalid_token',
      error_description: 'The access token is invalid',
    });
    await info('not-a-token').expect(401);
    const { user } = await createLocalAccount(api.dataSource);
    const token = await createAccessToken(api.dataSource, { user });
    await api.dataSource
      .getRepository(OAuthAccessToken)
      .update({ resourceOwnerId: user.id }, { revokedAt: new Date() });
    await info(token).expect(401);
  });
});
