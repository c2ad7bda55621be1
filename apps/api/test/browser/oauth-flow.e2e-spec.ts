import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserContext, chromium } from 'playwright-core';
import { ApiHarness, startApi } from '../support/api-harness';
import { createUserWithPassword, OOB, pkcePair } from '../support/oauth';

/** Debian's chromium (README, Requirements); .ci/run installs it when missing. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_MISSING = `Chromium is missing (${CHROMIUM}): install it with \`sudo apt-get install chromium\`, or set CHROMIUM_PATH to a Chromium binary.`;
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PASSWORD = 'browser test password';

/**
 * A third-party client's whole journey in a real browser with JavaScript off: register an app,
 * send the person to /oauth/authorize, sign in, authorize, exchange the code (PKCE) and call
 * the API with the token.
 */
describe('OAuth sign-in and consent in Chromium', () => {
  let api: ApiHarness;
  let context: BrowserContext;
  let userDataDir: string;
  let person: { email: string; username: string };
  /** The client's own web server: the browser lands there after consent. */
  let client: Server;
  let callback: string;

  beforeAll(async () => {
    await access(CHROMIUM, constants.X_OK).catch(() => {
      throw new Error(CHROMIUM_MISSING);
    });
    api = await startApi({ env: { LOCAL_HTTPS: 'false', INSTANCE_TITLE: 'Browser Social' } });
    const { email, account } = await createUserWithPassword(
      api.dataSource,
      PASSWORD,
      {},
      { username: 'browserperson' },
    );
    person = { email, username: account.username };
    userDataDir = await mkdtemp(join(tmpdir(), 'nestodon-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      javaScriptEnabled: false,
    });
    client = createServer((_req, res) => res.end('client callback'));
    await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
    callback = `http://127.0.0.1:${(client.address() as AddressInfo).port}/callback`;
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => (client ? client.close(resolve) : resolve(undefined)));
    if (userDataDir) await rm(userDataDir, { recursive: true, force: true });
    await api?.close();
  }, 30_000);

  async function registerApp(redirectUri: string) {
    const res = await fetch(`${api.url}/api/v1/apps`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Browser Client',
        redirect_uris: redirectUri,
        scopes: 'read write',
      }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { client_id: string; client_secret: string };
  }

  async function exchange(
    app: { client_id: string; client_secret: string },
    code: string,
    redirectUri: string,
    verifier: string,
  ) {
    const res = await fetch(`${api.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        code_verifier: verifier,
        client_id: app.client_id,
        client_secret: app.client_secret,
      }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { access_token: string; scope: string };
  }

  it('signs in, authorizes with PKCE and reads the code from the out-of-band page', async () => {
    const app = await registerApp(OOB);
    const { verifier, challenge } = pkcePair();
    const page = await context.newPage();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: app.client_id,
      redirect_uri: OOB,
      scope: 'read write',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    await page.goto(`${api.url}/oauth/authorize?${query}`);
    expect(await page.textContent('h1')).toBe('Sign in');

    await page.fill('#email', person.email);
    await page.fill('#password', PASSWORD);
    await Promise.all([page.waitForURL(/\/oauth\/authorize\?/), page.click('button[type=submit]')]);
    expect(await page.textContent('h1')).toBe('Authorize access');
    expect(await page.textContent('main')).toContain(`Signed in as @${person.username}`);

    await Promise.all([page.waitForLoadState(), page.click('button[value=approve]')]);
    await page.waitForSelector('#authorization-code');
    const code = (await page.textContent('#authorization-code'))!.trim();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.close();

    const token = await exchange(app, code, OOB, verifier);
    expect(token.scope).toBe('read write');
    const auth = { Authorization: `Bearer ${token.access_token}` };

    const appRes = await fetch(`${api.url}/api/v1/apps/verify_credentials`, { headers: auth });
    expect(appRes.status).toBe(200);
    expect(((await appRes.json()) as { name: string }).name).toBe('Browser Client');

    const accountRes = await fetch(`${api.url}/api/v1/accounts/verify_credentials`, {
      headers: auth,
    });
    expect(accountRes.status).toBe(200);
    expect(((await accountRes.json()) as { username: string }).username).toBe(person.username);
  }, 60_000);

  it('redirects the browser to the app with the code and state, already signed in', async () => {
    const app = await registerApp(callback);
    const { verifier, challenge } = pkcePair();
    const page = await context.newPage();
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: app.client_id,
      redirect_uri: callback,
      scope: 'read',
      state: 'browser-state',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    await page.goto(`${api.url}/oauth/authorize?${query}`);
    // The session from the first test is still there: straight to consent.
    expect(await page.textContent('h1')).toBe('Authorize access');
    await Promise.all([page.waitForURL(`${callback}?**`), page.click('button[value=approve]')]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe('browser-state');
    const code = landed.searchParams.get('code')!;
    await page.close();

    const token = await exchange(app, code, callback, verifier);
    const res = await fetch(`${api.url}/api/v1/apps/verify_credentials`, {
      headers: { Authorization: `Bearer ${token.access_token}` },
    });
    expect(res.status).toBe(200);
  }, 60_000);
});
