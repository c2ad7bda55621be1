import { digestToken } from '@nestodon/access';
import { OAuthApplication } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../../support/api-harness';

describe('POST /api/v1/apps', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(() => api.close());

  it('registers an app from JSON and answers a CredentialApplication', async () => {
    const res = await api.http
      .post('/api/v1/apps')
      .send({
        client_name: 'My Client',
        redirect_uris: 'https://client.example/callback',
        scopes: 'read write:statuses push',
        website: 'https://client.example',
      })
      .expect(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: 'My Client',
      website: 'https://client.example',
      scopes: ['read', 'write:statuses', 'push'],
      redirect_uri: 'https://client.example/callback',
      redirect_uris: ['https://client.example/callback'],
      vapid_key: '',
      client_id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client_secret_expires_at: 0,
    });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('stores only a digest of the secret', async () => {
    const res = await api.http
      .post('/api/v1/apps')
      .send({ client_name: 'Digest', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' })
      .expect(200);
    const row = await api.dataSource
      .getRepository(OAuthApplication)
      .createQueryBuilder('app')
      .addSelect('app.secretDigest')
      .where('app.id = :id', { id: res.body.id })
      .getOneOrFail();
    expect(row.uid).toBe(res.body.client_id);
    expect(row.secretDigest).toBe(digestToken(res.body.client_secret));
    expect(JSON.stringify(row)).not.toContain(res.body.client_secret);
  });

  it('defaults scopes to read and accepts the out-of-band URI from a form body', async () => {
    const res = await api.http
      .post('/api/v1/apps')
      .type('form')
      .send({ client_name: 'Form App', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' })
      .expect(200);
    expect(res.body.scopes).toEqual(['read']);
    expect(res.body.website).toBeNull();
    expect(res.body.redirect_uris).toEqual(['urn:ietf:wg:oauth:2.0:oob']);
  });

  it('takes several redirect URIs as an array, a form list or newline-separated', async () => {
    const uris = ['https://a.example/cb', 'myapp://oauth', 'com.example.app:/callback'];
    const json = await api.http
      .post('/api/v1/apps')
      .send({ client_name: 'Many', redirect_uris: uris })
      .expect(200);
    expect(json.body.redirect_uris).toEqual(uris);
    expect(json.body.redirect_uri).toBe(uris.join('\n'));

    const form = await api.http
      .post('/api/v1/apps')
      .type('form')
      .send(
        `client_name=Many&${uris.map((u) => `redirect_uris[]=${encodeURIComponent(u)}`).join('&')}`,
      )
      .expect(200);
    expect(form.body.redirect_uris).toEqual(uris);

    const lines = await api.http
      .post('/api/v1/apps')
      .send({ client_name: 'Many', redirect_uris: `${uris[0]}\n${uris[1]}\r\n\n${uris[2]}` })
      .expect(200);
    expect(lines.body.redirect_uris).toEqual(uris);
  });

  it('accepts scopes joined with + as some clients send them', async () => {
    const res = await api.http
      .post('/api/v1/apps')
      .send({
        client_name: 'Plus',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes: 'read+write+follow',
      })
      .expect(200);
    expect(res.body.scopes).toEqual(['read', 'write', 'follow']);
  });

  it.each([
    ['a relative URI', '/callback'],
    ['a bare word', 'callback'],
    ['a javascript: URI', 'javascript:alert(1)'],
    ['a data: URI', 'data:text/html,hi'],
    ['a vbscript: URI', 'vbscript:msgbox'],
  ])('refuses %s as redirect URI with 422', async (_label, uri) => {
    const res = await api.http
      .post('/api/v1/apps')
      .send({ client_name: 'Bad', redirect_uris: uri })
      .expect(422);
    expect(res.body).toEqual({
      error: 'Validation failed: Redirect URI must be an absolute URI.',
    });
  });

  it('refuses a redirect URI with a fragment', async () => {
    const res = await api.http
      .post('/api/v1/apps')
      .send({ client_name: 'Bad', redirect_uris: 'https://a.example/cb#x' })
      .expect(422);
    expect(res.body.error).toBe('Validation failed: Redirect URI cannot contain a fragment.');
  });

  it('requires a name and a redirect URI', async () => {
    const noName = await api.http
      .post('/api/v1/apps')
      .send({ redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' })
      .expect(422);
    expect(noName.body.error).toBe("Validation failed: Name can't be blank");
    const noUri = await api.http.post('/api/v1/apps').send({ client_name: 'X' }).expect(422);
    expect(noUri.body.error).toBe("Validation failed: Redirect URI can't be blank");
  });

  it('refuses unknown scopes, long names, bad websites and non-string values', async () => {
    const base = { client_name: 'X', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' };
    const scope = await api.http
      .post('/api/v1/apps')
      .send({ ...base, scopes: 'read admin' })
      .expect(422);
    expect(scope.body.error).toMatch(/^Validation failed: Scopes .*admin/);
    await api.http
      .post('/api/v1/apps')
      .send({ ...base, client_name: 'x'.repeat(61) })
      .expect(422);
    await api.http
      .post('/api/v1/apps')
      .send({ ...base, website: 'not a url' })
      .expect(422);
    await api.http
      .post('/api/v1/apps')
      .send({ ...base, website: 'ftp://files.example' })
      .expect(422);
    await api.http
      .post('/api/v1/apps')
      .send({ ...base, redirect_uris: { a: 1 } })
      .expect(422);
    await api.http
      .post('/api/v1/apps')
      .send({ ...base, client_name: ['a', 'b'] })
      .expect(422);
    await api.http
      .post('/api/v1/apps')
      .send({ ...base, redirect_uris: `https://a.example/${'x'.repeat(2000)}` })
      .expect(422);
  });

  it('answers malformed JSON with 422, not 500', async () => {
    await api.http
      .post('/api/v1/apps')
      .set('Content-Type', 'application/json')
      .send('{"client_name":')
      .expect(422);
  });
});
