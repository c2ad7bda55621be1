import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';

describe('GET /api/v1/preferences', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it("returns Mastodon's defaults for a new user", async () => {
    const { user } = await createLocalAccount(api.dataSource);
    const token = await createAccessToken(api.dataSource, { user, scopes: 'read:accounts' });
    const res = await api.http
      .get('/api/v1/preferences')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body).toEqual({
      'posting:default:visibility': 'public',
      'posting:default:sensitive': false,
      'posting:default:language': null,
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    });
  });

  it('reflects stored settings, and private visibility for locked accounts', async () => {
    const { user } = await createLocalAccount(
      api.dataSource,
      { locked: true },
      {
        settings: {
          default_sensitive: true,
          default_language: 'ja',
          display_media: 'hide_all',
          expand_spoilers: true,
        },
      },
    );
    const token = await createAccessToken(api.dataSource, { user, scopes: 'read' });
    const res = await api.http
      .get('/api/v1/preferences')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body).toEqual({
      'posting:default:visibility': 'private',
      'posting:default:sensitive': true,
      'posting:default:language': 'ja',
      'reading:expand:media': 'hide_all',
      'reading:expand:spoilers': true,
    });
  });

  it('shows what update_credentials stored in source', async () => {
    const { user } = await createLocalAccount(api.dataSource);
    const token = await createAccessToken(api.dataSource, { user, scopes: 'read write' });
    await api.http
      .patch('/api/v1/accounts/update_credentials')
      .set('Authorization', `Bearer ${token}`)
      .send({ source: { privacy: 'direct', sensitive: 'true', language: 'fr' } })
      .expect(200);
    const res = await api.http
      .get('/api/v1/preferences')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    expect(res.body).toMatchObject({
      'posting:default:visibility': 'direct',
      'posting:default:sensitive': true,
      'posting:default:language': 'fr',
    });
  });

  it('answers 401 without a token', async () => {
    await api.http.get('/api/v1/preferences').expect(401);
  });

  it('answers 403 for a token without read:accounts', async () => {
    const { user } = await createLocalAccount(api.dataSource);
    const token = await createAccessToken(api.dataSource, { user, scopes: 'read:statuses' });
    await api.http.get('/api/v1/preferences').set('Authorization', `Bearer ${token}`).expect(403);
  });
});
