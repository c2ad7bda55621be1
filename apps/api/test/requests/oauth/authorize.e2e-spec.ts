import { digestToken } from '@nestodon/access';
import { OAuthAccessGrant, OAuthApplication } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../support/api-harness';
import {
  authorizePath,
  authorizeThroughPages,
  browser,
  codeFrom,
  createUserWithPassword,
  field,
  OOB,
  pkcePair,
  registerApp,
  submitSignIn,
} from '../../support/oauth';

const PASSWORD = 'correct horse battery staple';
const REDIRECT = 'https://client.example/callback';

describe('GET and POST /oauth/authorize', () => {
  let api: ApiHarness;
  let app: Awaited<ReturnType<typeof registerApp>>;
  let oobApp: Awaited<ReturnType<typeof registerApp>>;
  let alice: { email: string };

  beforeAll(async () => {
    api = await startApi({ env: { LOCAL_HTTPS: 'false', INSTANCE_TITLE: 'Test Social' } });
    app = await registerApp(api, {
      client_name: 'Redirect <Client>',
      redirect_uris: [REDIRECT, 'myapp://oauth'],
      scopes: 'read write follow',
      website: 'https://client.example',
    });
    oobApp = await registerApp(api, { client_name: 'OOB Client', redirect_uris: OOB });
    alice = await createUserWithPassword(api.dataSource, PASSWORD, {}, { username: 'alice' });
  });
  afterAll(() => api.close());

  const params = (extra: Record<string, string> = {}) => ({
    client_id: app.client_id,
    redirect_uri: REDIRECT,
    scope: 'read write',
    state: 'opaque-state',
    ...extra,
  });

  describe('signed out', () => {
    it('shows a self-contained sign-in page and starts a session', async () => {
      const agent = browser(api);
      const res = await agent.get(authorizePath(params())).expect(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.text).toContain('<form method="post" action="/auth/sign_in">');
      expect(res.text).toContain('Sign in with your Test Social account.');
      expect(res.text).not.toMatch(/<(script|link|img)\b/);
      expect(field(res.text, 'authenticity_token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(field(res.text, 'return_to')).toBe(authorizePath(params()));

      const cookie = res.headers['set-cookie'][0];
      expect(cookie).toMatch(/^_nestodon_session=s%3A/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).not.toContain('Secure');
    });

    it('keeps the session in Redis under the namespace', async () => {
      const agent = browser(api);
      await agent.get(authorizePath(params())).expect(200);
      const { RedisService } = await import('@nestodon/platform');
      const redis = api.app.get(RedisService).connection();
      const keys = await redis.keys(`${api.config.redis.namespace}session:*`);
      redis.disconnect();
      expect(keys.length).toBeGreaterThan(0);
    });
  });

  describe('the full flow', () => {
    it('signs in, shows the consent page and redirects with a code and the state', async () => {
      const agent = browser(api);
      const first = await agent.get(authorizePath(params())).expect(200);
      const signIn = await submitSignIn(agent, first.text, alice.email, PASSWORD).expect(303);
      expect(signIn.headers.location).toBe(authorizePath(params()));

      const consent = await agent.get(signIn.headers.location).expect(200);
      expect(consent.text).toContain('Redirect &lt;Client&gt; would like to use your account.');
      expect(consent.text).toContain('Signed in as @alice.');
      expect(consent.text).toContain('read all of your account’s data <code>read</code>');
      expect(consent.text).toContain('change all of your account’s data <code>write</code>');
      expect(consent.text).not.toContain('<code>follow</code>');
      expect(consent.text).toContain('name="decision" value="approve"');
      expect(consent.text).toContain('name="decision" value="deny"');
      expect(consent.text).toContain('href="https://client.example/"');

      const decision = await agent
        .post('/oauth/authorize')
        .type('form')
        .send({
          authenticity_token: field(consent.text, 'authenticity_token'),
          transaction_id: field(consent.text, 'transaction_id'),
          decision: 'approve',
        })
        .expect(302);
      const location = new URL(decision.headers.location);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      expect(location.searchParams.get('state')).toBe('opaque-state');
      const code = location.searchParams.get('code')!;
      expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const grant = await api.dataSource
        .getRepository(OAuthAccessGrant)
        .findOneByOrFail({ tokenDigest: digestToken(code) });
      expect(grant).toMatchObject({
        scopes: 'read write',
        expiresIn: 600,
        redirectUri: REDIRECT,
        revokedAt: null,
      });
    });

    it('goes straight to the consent page while signed in, and the transaction is single-use', async () => {
      const agent = browser(api);
      const first = await authorizeThroughPages(agent, params(), {
        email: alice.email,
        password: PASSWORD,
      });
      expect(first.status).toBe(302);

      const again = await agent.get(authorizePath(params({ state: 'second' }))).expect(200);
      expect(field(again.text, 'transaction_id')).toBeDefined();
      const body = {
        authenticity_token: field(again.text, 'authenticity_token'),
        transaction_id: field(again.text, 'transaction_id'),
        decision: 'approve',
      };
      await agent.post('/oauth/authorize').type('form').send(body).expect(302);
      const replay = await agent.post('/oauth/authorize').type('form').send(body).expect(422);
      expect(replay.text).toContain('expired or was already answered');
    });

    it('redirects a denial with error=access_denied and the state', async () => {
      const agent = browser(api);
      const res = await authorizeThroughPages(
        agent,
        params(),
        { email: alice.email, password: PASSWORD },
        'deny',
      );
      expect(res.status).toBe(302);
      const location = new URL(res.headers.location);
      expect(location.searchParams.get('error')).toBe('access_denied');
      expect(location.searchParams.get('state')).toBe('opaque-state');
      expect(location.searchParams.get('code')).toBeNull();
    });

    it('shows the code on a page for the out-of-band redirect URI', async () => {
      const agent = browser(api);
      const res = await authorizeThroughPages(
        agent,
        { client_id: oobApp.client_id, redirect_uri: OOB },
        { email: alice.email, password: PASSWORD },
      );
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toContain('Copy this code and paste it into OOB Client');
      expect(codeFrom(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('says so on the page when an out-of-band request is denied', async () => {
      const agent = browser(api);
      const res = await authorizeThroughPages(
        agent,
        { client_id: oobApp.client_id, redirect_uri: OOB },
        { email: alice.email, password: PASSWORD },
        'deny',
      );
      expect(res.status).toBe(200);
      expect(res.text).toContain('You denied OOB Client access to your account.');
      expect(codeFrom(res)).toBeNull();
    });

    it('uses a custom-scheme redirect URI as registered', async () => {
      const res = await authorizeThroughPages(
        browser(api),
        params({ redirect_uri: 'myapp://oauth' }),
        { email: alice.email, password: PASSWORD },
      );
      expect(res.status).toBe(302);
      expect(res.headers.location).toMatch(
        /^myapp:\/\/oauth\?code=[A-Za-z0-9_-]{43}&state=opaque-state$/,
      );
    });

    it('answers in the fragment or with a form post when response_mode asks so', async () => {
      const fragment = await authorizeThroughPages(
        browser(api),
        params({ response_mode: 'fragment' }),
        { email: alice.email, password: PASSWORD },
      );
      expect(fragment.status).toBe(302);
      expect(fragment.headers.location).toMatch(
        /^https:\/\/client\.example\/callback#code=[A-Za-z0-9_-]{43}&state=opaque-state$/,
      );

      const formPost = await authorizeThroughPages(
        browser(api),
        params({ response_mode: 'form_post' }),
        { email: alice.email, password: PASSWORD },
      );
      expect(formPost.status).toBe(200);
      expect(formPost.text).toContain(`<form method="post" action="${REDIRECT}"`);
      expect(field(formPost.text, 'code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(field(formPost.text, 'state')).toBe('opaque-state');
      const nonce = /<script nonce="([^"]+)">/.exec(formPost.text)![1];
      expect(formPost.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);
    });

    it('asks for the password again with force_login, then returns without it', async () => {
      const agent = browser(api);
      await authorizeThroughPages(agent, params(), { email: alice.email, password: PASSWORD });
      const forced = await agent.get(authorizePath(params({ force_login: 'true' }))).expect(200);
      expect(forced.text).toContain('name="password"');
      expect(field(forced.text, 'return_to')).toBe(authorizePath(params()));
      // The old session is gone: consent needs the new sign-in.
      const consent = await agent.get(authorizePath(params())).expect(200);
      expect(consent.text).toContain('name="password"');
    });

    it('skips the consent page for a first-party app (superapp)', async () => {
      const superapp = await registerApp(api, {
        client_name: 'First Party',
        redirect_uris: REDIRECT,
      });
      await api.dataSource
        .getRepository(OAuthApplication)
        .update({ uid: superapp.client_id }, { superapp: true });
      const agent = browser(api);
      const first = await agent
        .get(authorizePath({ client_id: superapp.client_id, redirect_uri: REDIRECT }))
        .expect(200);
      const signIn = await submitSignIn(agent, first.text, alice.email, PASSWORD).expect(303);
      const res = await agent.get(signIn.headers.location).expect(302);
      expect(new URL(res.headers.location).searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('lists read when no scope is asked for', async () => {
      const agent = browser(api);
      await authorizeThroughPages(agent, params(), { email: alice.email, password: PASSWORD });
      const consent = await agent.get(authorizePath(params({ scope: '' }))).expect(200);
      expect(consent.text).toContain('<code>read</code>');
      expect(consent.text).not.toContain('<code>write</code>');
    });
  });

  describe('bad requests', () => {
    it('shows an error page, without redirecting, for an unknown client', async () => {
      const res = await browser(api)
        .get(authorizePath(params({ client_id: 'nope' })))
        .expect(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain('This app is not registered on this server.');
    });

    it('never redirects to an unregistered redirect URI', async () => {
      const res = await browser(api)
        .get(authorizePath(params({ redirect_uri: 'https://evil.example/steal' })))
        .expect(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.text).toContain('did not register');
      const missing = await browser(api)
        .get(authorizePath(params({ redirect_uri: '' })))
        .expect(400);
      expect(missing.text).toContain('redirect_uri');
    });

    it('redirects invalid_scope for scopes beyond the app or unknown ones', async () => {
      for (const scope of ['read push', 'read nonsense', 'admin:read']) {
        const res = await browser(api)
          .get(authorizePath(params({ scope })))
          .expect(302);
        const location = new URL(res.headers.location);
        expect(location.searchParams.get('error')).toBe('invalid_scope');
        expect(location.searchParams.get('state')).toBe('opaque-state');
      }
    });

    it('accepts granular scopes within the registered parents', async () => {
      const res = await browser(api)
        .get(authorizePath(params({ scope: 'read:accounts write:statuses follow' })))
        .expect(200);
      expect(res.text).toContain('name="password"');
    });

    it('shows scope errors of out-of-band apps on a page', async () => {
      const res = await browser(api)
        .get(authorizePath({ client_id: oobApp.client_id, redirect_uri: OOB, scope: 'follow' }))
        .expect(200);
      expect(res.text).toContain('OOB Client could not be authorized');
      expect(res.text).toContain('The requested scope is invalid, unknown, or malformed.');
    });

    it('redirects unsupported_response_type for anything but code', async () => {
      const res = await browser(api)
        .get(authorizePath(params({ response_type: 'token' })))
        .expect(302);
      expect(new URL(res.headers.location).searchParams.get('error')).toBe(
        'unsupported_response_type',
      );
      await browser(api)
        .get(
          `/oauth/authorize?client_id=${app.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
        )
        .expect(400);
    });

    it('accepts S256 PKCE and refuses plain or malformed challenges', async () => {
      const { challenge } = pkcePair();
      await browser(api)
        .get(authorizePath(params({ code_challenge: challenge, code_challenge_method: 'S256' })))
        .expect(200);
      const refused: Record<string, string>[] = [
        { code_challenge: challenge, code_challenge_method: 'plain' },
        { code_challenge: challenge },
        { code_challenge: 'short', code_challenge_method: 'S256' },
        { code_challenge_method: 'S256' },
      ];
      for (const extra of refused) {
        const res = await browser(api)
          .get(authorizePath(params(extra)))
          .expect(302);
        expect(new URL(res.headers.location).searchParams.get('error')).toBe('invalid_request');
      }
    });

    it('stores the PKCE challenge with the code', async () => {
      const { challenge } = pkcePair();
      const res = await authorizeThroughPages(
        browser(api),
        params({ code_challenge: challenge, code_challenge_method: 'S256', state: 'pkce' }),
        { email: alice.email, password: PASSWORD },
      );
      expect(res.status).toBe(302);
      const grant = await api.dataSource
        .getRepository(OAuthAccessGrant)
        .findOneByOrFail({ codeChallenge: challenge });
      expect(grant.codeChallengeMethod).toBe('S256');
    });

    it('refuses a decision without the form token or without a session', async () => {
      const agent = browser(api);
      await authorizeThroughPages(agent, params(), { email: alice.email, password: PASSWORD });
      const consent = await agent.get(authorizePath(params())).expect(200);
      const forged = await agent
        .post('/oauth/authorize')
        .type('form')
        .send({ transaction_id: field(consent.text, 'transaction_id'), decision: 'approve' })
        .expect(422);
      expect(forged.headers.location).toBeUndefined();
      expect(forged.text).toContain('expired or was already answered');

      await browser(api)
        .post('/oauth/authorize')
        .type('form')
        .send({ transaction_id: field(consent.text, 'transaction_id'), decision: 'approve' })
        .expect(422);
    });

    it('refuses an unknown transaction', async () => {
      const agent = browser(api);
      await authorizeThroughPages(agent, params(), { email: alice.email, password: PASSWORD });
      const consent = await agent.get(authorizePath(params())).expect(200);
      const res = await agent
        .post('/oauth/authorize')
        .type('form')
        .send({
          authenticity_token: field(consent.text, 'authenticity_token'),
          transaction_id: 'unknown1',
          decision: 'approve',
        })
        .expect(422);
      expect(res.headers.location).toBeUndefined();
    });
  });

  describe('languages', () => {
    it('honours lang, carrying it through the sign-in form', async () => {
      const agent = browser(api);
      const page = await agent.get(authorizePath(params({ lang: 'de' }))).expect(200);
      expect(page.text).toContain('<html lang="de"');
      expect(page.text).toContain('Anmelden');
      expect(field(page.text, 'lang')).toBe('de');
      const wrong = await submitSignIn(agent, page.text, alice.email, 'wrong').expect(401);
      expect(wrong.text).toContain('E-Mail-Adresse oder Passwort ist falsch.');
      const signIn = await submitSignIn(agent, page.text, alice.email, PASSWORD).expect(303);
      const consent = await agent.get(signIn.headers.location).expect(200);
      expect(consent.text).toContain('möchte dein Konto verwenden');
      expect(consent.text).toContain('alle Daten deines Kontos lesen');
    });

    it('falls back to English for unknown languages and reads Accept-Language', async () => {
      const unknown = await browser(api)
        .get(authorizePath(params({ lang: 'xx' })))
        .expect(200);
      expect(unknown.text).toContain('<html lang="en"');
      const header = await browser(api)
        .get(authorizePath(params()))
        .set('Accept-Language', 'fr;q=0.9, de-AT;q=0.8')
        .expect(200);
      expect(header.text).toContain('<html lang="de"');
    });
  });
});
