import { ApiHarness, startApi } from '../support/api-harness';
import { OOB, registerApp } from '../support/oauth';
import { actor } from '../support/timelines';

const REFUSED = { error: 'Validation failed: parameters may not contain NUL characters' };

/**
 * PostgreSQL cannot store U+0000 in text; these routes answered 500 when a parameter held it.
 * The parameter layer now refuses it for every route (libs/http has the generic test).
 */
describe('NUL characters in parameters', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  const expectRefused = (res: { status: number; body: unknown }) =>
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: REFUSED });

  it('POST /oauth/token', async () => {
    const app = await registerApp(api);
    expectRefused(
      await api.http.post('/oauth/token').send({
        grant_type: 'client_credentials',
        client_id: `${app.client_id}\u0000`,
        client_secret: app.client_secret,
      }),
    );
    expectRefused(
      await api.http
        .post('/oauth/token')
        .type('form')
        .send(`grant_type=authorization_code&code=%00&redirect_uri=${encodeURIComponent(OOB)}`)
        .auth(app.client_id, app.client_secret),
    );
  });

  it('POST /oauth/revoke', async () => {
    const app = await registerApp(api);
    expectRefused(
      await api.http.post('/oauth/revoke').send({
        client_id: app.client_id,
        client_secret: app.client_secret,
        token: 'abc\u0000',
      }),
    );
  });

  it('GET /oauth/authorize with a NUL in client_id', async () => {
    expectRefused(
      await api.http.get(
        `/oauth/authorize?response_type=code&client_id=abc%00&redirect_uri=${encodeURIComponent(OOB)}`,
      ),
    );
  });

  it('PATCH /api/v1/accounts/update_credentials with a NUL in fields_attributes', async () => {
    const alice = await actor(api.dataSource);
    expectRefused(
      await api.http
        .patch('/api/v1/accounts/update_credentials')
        .set('Authorization', alice.auth)
        .send({ fields_attributes: [{ name: 'Site\u0000', value: 'x' }] }),
    );
    expectRefused(
      await api.http
        .patch('/api/v1/accounts/update_credentials')
        .set('Authorization', alice.auth)
        .field('fields_attributes[0][name]', 'Site')
        .field('fields_attributes[0][value]', 'a\u0000b'),
    );
  });
});
