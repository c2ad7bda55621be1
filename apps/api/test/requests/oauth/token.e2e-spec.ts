import { digestToken } from '@nestodon/access';
import { AuthorizationCodeService } from '@nestodon/auth';
import { OAuthAccessGrant, OAuthAccessToken, OAuthApplication, User } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../support/api-harness';
import {
  authorizeThroughPages,
  browser,
  codeFrom,
  createUserWithPassword,
  OOB,
  pkcePair,
  registerApp,
} from '../../support/oauth';

const PASSWORD = 'a long and secret password';
const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description:
    'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
};
const INVALID_CLIENT = {
  error: 'invalid_client',
  error_description:
    'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
};
const INVALID_SCOPE = {
  error: 'invalid_scope',
  error_description: 'The requested scope is invalid, unknown, or malformed.',
};

describe('POST /oauth/token', () => {
  let api: ApiHarness;
  let app: Awaited<ReturnType<typeof registerApp>>;
  let other: Awaited<ReturnType<typeof registerApp>>;
  let alice: { user: User; email: string };

  beforeAll(async () => {
    api = await startApi({ env: { LOCAL_HTTPS: 'false' } });
    app = await registerApp(api, {
      redirect_uris: [OOB, 'https://client.example/cb'],
      scopes: 'read write follow',
    });
    other = await registerApp(api, { client_name: 'Other' });
    alice = await createUserWithPassword(api.dataSource, PASSWORD);
  });
  afterAll(() => api.close());

  /** A code as the consent page would issue it. */
  async function issueCode(
    options: { scopes?: string[]; redirectUri?: string; challenge?: string; client?: string } = {},
  ): Promise<string> {
    const application = await api.dataSource
      .getRepository(OAuthApplication)
      .findOneByOrFail({ uid: options.client ?? app.client_id });
    return api.app.get(AuthorizationCodeService).create({
      application,
      userId: alice.user.id,
      redirectUri: options.redirectUri ?? OOB,
      scopes: options.scopes ?? ['read', 'write'],
      codeChallenge: options.challenge ?? null,
      codeChallengeMethod: options.challenge ? 'S256' : null,
    });
  }

  const exchange = (code: string, extra: Record<string, string> = {}) =>
    api.http
      .post('/oauth/token')
      .type('form')
      .send({
        grant_type: 'authorization_code',
        code,
        redirect_uri: OOB,
        client_id: app.client_id,
        client_secret: app.client_secret,
        ...extra,
      });

  describe('authorization_code', () => {
    it('exchanges a code from the pages for a working user token', async () => {
      const decision = await authorizeThroughPages(
        browser(api),
        { client_id: app.client_id, redirect_uri: OOB, scope: 'read write' },
        { email: alice.email, password: PASSWORD },
      );
      const code = codeFrom(decision)!;
      const res = await exchange(code).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        scope: 'read write',
        created_at: expect.any(Number),
      });
      expect(Number.isInteger(res.body.created_at)).toBe(true);
      expect(Math.abs(res.body.created_at - Date.now() / 1000)).toBeLessThan(60);

      const stored = await api.dataSource
        .getRepository(OAuthAccessToken)
        .findOneByOrFail({ tokenDigest: digestToken(res.body.access_token) });
      expect(stored).toMatchObject({ resourceOwnerId: alice.user.id, scopes: 'read write' });
      expect(stored.refreshTokenDigest).toBeNull();

      const verify = await api.http
        .get('/api/v1/apps/verify_credentials')
        .set('Authorization', `Bearer ${res.body.access_token}`)
        .expect(200);
      expect(verify.body.name).toBe('Test Client');
    });

    it('takes JSON bodies and HTTP Basic client authentication', async () => {
      await api.http
        .post('/oauth/token')
        .send({
          grant_type: 'authorization_code',
          code: await issueCode(),
          redirect_uri: OOB,
          client_id: app.client_id,
          client_secret: app.client_secret,
        })
        .expect(200);
      const basic = await api.http
        .post('/oauth/token')
        .auth(app.client_id, app.client_secret)
        .type('form')
        .send({ grant_type: 'authorization_code', code: await issueCode(), redirect_uri: OOB })
        .expect(200);
      expect(basic.body.token_type).toBe('Bearer');
    });

    it('uses a code once only, even when two exchanges race', async () => {
      const code = await issueCode();
      const results = await Promise.all([exchange(code), exchange(code)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const again = await exchange(code).expect(400);
      expect(again.body).toEqual(INVALID_GRANT);
      const grant = await api.dataSource
        .getRepository(OAuthAccessGrant)
        .findOneByOrFail({ tokenDigest: digestToken(code) });
      expect(grant.revokedAt).toBeInstanceOf(Date);
    });

    it('revokes the token of a code exchanged a second time (RFC 6749 §4.1.2)', async () => {
      const code = await issueCode();
      const { access_token: token } = (await exchange(code).expect(200)).body;
      const verify = () =>
        api.http.get('/api/v1/apps/verify_credentials').set('Authorization', `Bearer ${token}`);
      await verify().expect(200);

      // The user authorising again does not forget the used code.
      await issueCode();
      expect((await exchange(code).expect(400)).body).toEqual(INVALID_GRANT);
      await verify().expect(401);
      const stored = await api.dataSource
        .getRepository(OAuthAccessToken)
        .findOneByOrFail({ tokenDigest: digestToken(token) });
      expect(stored.revokedAt).toBeInstanceOf(Date);
    });

    it('leaves the token alone when another app presents the used code', async () => {
      const code = await issueCode();
      const { access_token: token } = (await exchange(code).expect(200)).body;
      await exchange(code, {
        client_id: other.client_id,
        client_secret: other.client_secret,
      }).expect(400);
      await api.http
        .get('/api/v1/apps/verify_credentials')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
    });

    it('refuses expired codes, unknown codes and codes of another app', async () => {
      const expired = await issueCode();
      await api.dataSource
        .getRepository(OAuthAccessGrant)
        .createQueryBuilder()
        .update()
        .set({ createdAt: () => "now() - interval '11 minutes'" })
        .where('token_digest = :digest', { digest: digestToken(expired) })
        .execute();
      expect((await exchange(expired).expect(400)).body).toEqual(INVALID_GRANT);
      expect((await exchange('not-a-code').expect(400)).body).toEqual(INVALID_GRANT);
      const foreign = await issueCode({ client: other.client_id });
      expect((await exchange(foreign).expect(400)).body).toEqual(INVALID_GRANT);
    });

    it('requires the redirect URI the code was issued for', async () => {
      const code = await issueCode();
      const wrong = await exchange(code, { redirect_uri: 'https://client.example/cb' }).expect(400);
      expect(wrong.body).toEqual(INVALID_GRANT);
      const missing = await exchange(code, { redirect_uri: '' }).expect(400);
      expect(missing.body.error).toBe('invalid_request');
      await exchange(code).expect(200);
    });

    it('checks the PKCE verifier when a challenge was given', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await issueCode({ challenge });
      const missing = await exchange(code).expect(400);
      expect(missing.body).toMatchObject({ error: 'invalid_request' });
      expect(missing.body.error_description).toContain('code_verifier');
      const wrong = await exchange(code, { code_verifier: pkcePair().verifier }).expect(400);
      expect(wrong.body).toEqual(INVALID_GRANT);
      const res = await exchange(code, { code_verifier: verifier }).expect(200);
      expect(res.body.scope).toBe('read write');
    });

    it('requires the code', async () => {
      const res = await exchange('').expect(400);
      expect(res.body.error).toBe('invalid_request');
    });
  });

  describe('client_credentials', () => {
    const clientCredentials = (extra: Record<string, string> = {}) =>
      api.http
        .post('/oauth/token')
        .type('form')
        .send({
          grant_type: 'client_credentials',
          client_id: app.client_id,
          client_secret: app.client_secret,
          ...extra,
        });

    it('issues an app token with read by default', async () => {
      const res = await clientCredentials().expect(200);
      expect(res.body).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        scope: 'read',
        created_at: expect.any(Number),
      });
      const stored = await api.dataSource
        .getRepository(OAuthAccessToken)
        .findOneByOrFail({ tokenDigest: digestToken(res.body.access_token) });
      expect(stored.resourceOwnerId).toBeNull();
      const verify = await api.http
        .get('/api/v1/apps/verify_credentials')
        .set('Authorization', `Bearer ${res.body.access_token}`)
        .expect(200);
      expect(verify.body.client_secret).toBeUndefined();
    });

    it('grants scopes within the app and refuses others', async () => {
      const res = await clientCredentials({ scope: 'read write:statuses' }).expect(200);
      expect(res.body.scope).toBe('read write:statuses');
      expect((await clientCredentials({ scope: 'push' }).expect(400)).body).toEqual(INVALID_SCOPE);
      expect((await clientCredentials({ scope: 'read bogus' }).expect(400)).body).toEqual(
        INVALID_SCOPE,
      );
    });
  });

  describe('client authentication and grant types', () => {
    it('answers 401 invalid_client for a wrong secret, an unknown client or none', async () => {
      const base = { grant_type: 'client_credentials' };
      for (const credentials of [
        { client_id: app.client_id, client_secret: 'wrong' },
        { client_id: 'unknown', client_secret: app.client_secret },
        { client_id: app.client_id },
        {},
      ]) {
        const res = await api.http
          .post('/oauth/token')
          .type('form')
          .send({ ...base, ...credentials })
          .expect(401);
        expect(res.body).toEqual(INVALID_CLIENT);
      }
      const basic = await api.http
        .post('/oauth/token')
        .auth(app.client_id, 'wrong')
        .type('form')
        .send(base)
        .expect(401);
      expect(basic.body).toEqual(INVALID_CLIENT);
      expect(basic.headers['www-authenticate']).toMatch(/^Basic /);
    });

    it('has no password grant and no refresh tokens', async () => {
      const password = await api.http
        .post('/oauth/token')
        .type('form')
        .send({
          grant_type: 'password',
          username: alice.email,
          password: PASSWORD,
          client_id: app.client_id,
          client_secret: app.client_secret,
        })
        .expect(400);
      expect(password.body.error).toBe('unsupported_grant_type');
      const refresh = await api.http
        .post('/oauth/token')
        .type('form')
        .send({ grant_type: 'refresh_token', refresh_token: 'x' })
        .expect(400);
      expect(refresh.body.error).toBe('unsupported_grant_type');
    });

    it('requires grant_type', async () => {
      const res = await api.http
        .post('/oauth/token')
        .type('form')
        .send({ client_id: app.client_id, client_secret: app.client_secret })
        .expect(400);
      expect(res.body.error).toBe('invalid_request');
    });

    it('answers malformed JSON with an error, not a 500', async () => {
      await api.http
        .post('/oauth/token')
        .set('Content-Type', 'application/json')
        .send('{"grant_type":')
        .expect(422);
    });
  });
});
