import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';

describe('GET and POST /oauth/userinfo', () => {
  let api: ApiHarness;
  let token: string;

  beforeAll(async () => {
    api = await startApi();
    const { user } = await createLocalAccount(api.dataSource, {
      username: 'alice',
      displayName: 'Alice Example',
    });
    token = await createAccessToken(api.dataSource, { user, scopes: 'profile' });
  });
  afterAll(() => api.close());

  const claims = {
    iss: 'https://nestodon.test/',
    sub: 'https://nestodon.test/users/alice',
    name: 'Alice Example',
    preferred_username: 'alice',
    profile: 'https://nestodon.test/@alice',
    picture: expect.stringMatching(/^https:\/\/nestodon\.test\//),
  };

  it('answers the claims of the token’s user for the profile scope', async () => {
    const res = await api.http
      .get('/oauth/userinfo')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body).toEqual(claims);
    const post = await api.http
      .post('/oauth/userinfo')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(post.body).toEqual(claims);
  });

  it('answers 401 without a token and 403 without the profile scope', async () => {
    await api.http.get('/oauth/userinfo').expect(401);
    const { user } = await createLocalAccount(api.dataSource);
    const read = await createAccessToken(api.dataSource, { user, scopes: 'read write' });
    const res = await api.http
      .get('/oauth/userinfo')
      .set('Authorization', `Bearer ${read}`)
      .expect(403);
    expect(res.body).toEqual({ error: 'This action is outside the authorized scopes' });
  });

  it('needs a user, not an app token', async () => {
    const appToken = await createAccessToken(api.dataSource, { scopes: 'profile' });
    await api.http.get('/oauth/userinfo').set('Authorization', `Bearer ${appToken}`).expect(422);
  });
});
