import { Account, User } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../support/api-harness';
import { browser, createUserWithPassword, field, submitSignIn } from '../../support/oauth';

const PASSWORD = 'sign-in password 1234';
const AUTHORIZE = '/oauth/authorize?response_type=code&client_id=x';

/** Rate limits count in fixed windows; start a burst far enough from a window's end. */
async function awayFromWindowEnd(periodSeconds: number, neededMs = 20_000): Promise<void> {
  const left = periodSeconds * 1000 - (Date.now() % (periodSeconds * 1000));
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

// The rate-limit tests may first wait out a window's last 40 seconds, then verify many passwords.
jest.setTimeout(120_000);

describe('/auth/sign_in', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ env: { LOCAL_HTTPS: 'false' } });
  });
  afterAll(() => api.close());

  const form = async (agent = browser(api), query = '') => {
    const res = await agent.get(`/auth/sign_in${query}`).expect(200);
    return { agent, page: res.text };
  };

  it('shows the form and keeps only return addresses of the authorization pages', async () => {
    const { page } = await form(browser(api), `?return_to=${encodeURIComponent(AUTHORIZE)}`);
    expect(page).toContain('name="password"');
    expect(field(page, 'return_to')).toBe(AUTHORIZE);
    for (const evil of ['https://evil.example/', '//evil.example/oauth/authorize', '/admin']) {
      const other = await form(browser(api), `?return_to=${encodeURIComponent(evil)}`);
      expect(field(other.page, 'return_to')).toBeUndefined();
    }
  });

  it('signs in, in a new session, and records the sign-in time', async () => {
    const { email, user } = await createUserWithPassword(api.dataSource, PASSWORD);
    const agent = browser(api);
    const first = await agent.get('/auth/sign_in').expect(200);
    const before = first.headers['set-cookie'][0].split(';')[0];
    const res = await submitSignIn(agent, first.text, email.toUpperCase(), PASSWORD).expect(200);
    expect(res.text).toContain('You are signed in as @');
    const after = res.headers['set-cookie'][0].split(';')[0];
    expect(after).not.toBe(before);
    const row = await api.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
    expect(row.currentSignInAt).toBeInstanceOf(Date);
    // Signed in, the form sends the person on.
    const again = await agent
      .get(`/auth/sign_in?return_to=${encodeURIComponent(AUTHORIZE)}`)
      .expect(303);
    expect(again.headers.location).toBe(AUTHORIZE);
  });

  it('returns to the authorization request after signing in', async () => {
    const { email } = await createUserWithPassword(api.dataSource, PASSWORD);
    const { agent, page } = await form(browser(api), `?return_to=${encodeURIComponent(AUTHORIZE)}`);
    const res = await submitSignIn(agent, page, email, PASSWORD).expect(303);
    expect(res.headers.location).toBe(AUTHORIZE);
  });

  it('refuses wrong passwords and unknown addresses alike, keeping the address', async () => {
    const { email } = await createUserWithPassword(api.dataSource, PASSWORD);
    const { agent, page } = await form();
    const wrong = await submitSignIn(agent, page, email, 'wrong password').expect(401);
    expect(wrong.text).toContain('Invalid e-mail address or password.');
    expect(field(wrong.text, 'email')).toBe(email);
    const unknown = await submitSignIn(agent, page, 'nobody@example.test', PASSWORD).expect(401);
    expect(unknown.text).toContain('Invalid e-mail address or password.');
    const blank = await submitSignIn(agent, page, '', '').expect(422);
    expect(blank.text).toContain('Enter your e-mail address and your password.');
    const spaces = await submitSignIn(agent, page, '   ', PASSWORD).expect(422);
    expect(spaces.text).toContain('Enter your e-mail address and your password.');
    await submitSignIn(agent, page, email, '').expect(422);
  });

  it('refuses a post without the form token', async () => {
    const { email } = await createUserWithPassword(api.dataSource, PASSWORD);
    const res = await browser(api)
      .post('/auth/sign_in')
      .type('form')
      .send({ email, password: PASSWORD })
      .expect(422);
    expect(res.text).toContain('Your session expired. Please try again.');
  });

  it('tells an unconfirmed user to confirm the e-mail address first', async () => {
    const { email } = await createUserWithPassword(api.dataSource, PASSWORD, { confirmedAt: null });
    const { agent, page } = await form();
    const res = await submitSignIn(agent, page, email, PASSWORD).expect(403);
    expect(res.text).toContain('Confirm your e-mail address');
    expect(res.text).toContain(email);
    expect(res.headers['set-cookie']?.[0] ?? '').not.toMatch(/passport/);
  });

  it('tells a user awaiting approval so', async () => {
    const { email } = await createUserWithPassword(api.dataSource, PASSWORD, { approved: false });
    const { agent, page } = await form();
    const res = await submitSignIn(agent, page, email, PASSWORD).expect(403);
    expect(res.text).toContain('Your account is awaiting approval');
  });

  it('keeps disabled users and suspended accounts out', async () => {
    const disabled = await createUserWithPassword(api.dataSource, PASSWORD, { disabled: true });
    const suspended = await createUserWithPassword(
      api.dataSource,
      PASSWORD,
      {},
      {
        suspendedAt: new Date(),
      },
    );
    for (const { email } of [disabled, suspended]) {
      const { agent, page } = await form();
      const res = await submitSignIn(agent, page, email, PASSWORD).expect(403);
      expect(res.text).toContain('Your account is disabled or suspended');
      // Still not signed in afterwards.
      const next = await agent.get('/auth/sign_in').expect(200);
      expect(next.text).toContain('name="password"');
    }
  });

  it('ends the session of a user who gets disabled', async () => {
    const { email, user } = await createUserWithPassword(api.dataSource, PASSWORD);
    const { agent, page } = await form();
    await submitSignIn(agent, page, email, PASSWORD).expect(200);
    expect((await agent.get('/auth/sign_in').expect(200)).text).toContain('You are signed in');
    await api.dataSource.getRepository(Account).update(user.accountId, { suspendedAt: new Date() });
    expect((await agent.get('/auth/sign_in').expect(200)).text).toContain('name="password"');
  });

  it('limits attempts per e-mail address: 5 in 5 minutes, answered with a page', async () => {
    await awayFromWindowEnd(300);
    const { email } = await createUserWithPassword(api.dataSource, PASSWORD);
    const { agent, page } = await form();
    for (let attempt = 0; attempt < 5; attempt++) {
      await submitSignIn(agent, page, email, `wrong ${attempt}`)
        .set('X-Forwarded-For', `198.51.100.${attempt}`)
        .expect(401);
    }
    const limited = await submitSignIn(agent, page, email, PASSWORD)
      .set('X-Forwarded-For', '198.51.100.9')
      .expect(429);
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(limited.headers['retry-after']).toBe('300');
    expect(limited.text).toContain('Too many sign-in attempts.');
    // Another address from the same client is not affected.
    const other = await createUserWithPassword(api.dataSource, PASSWORD);
    await submitSignIn(agent, page, other.email, PASSWORD).expect(200);
  });

  it('limits attempts per IP address: 25 in 5 minutes', async () => {
    await awayFromWindowEnd(300, 40_000);
    const { email } = await createUserWithPassword(api.dataSource, PASSWORD);
    const { agent, page } = await form();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt++) {
      const res = await submitSignIn(agent, page, `nobody${attempt}@example.test`, 'x').set(
        'X-Forwarded-For',
        '203.0.113.7',
      );
      statuses.push(res.status);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    const limited = await submitSignIn(agent, page, email, PASSWORD)
      .set('X-Forwarded-For', '203.0.113.7')
      .expect(429);
    expect(limited.text).toContain('Too many sign-in attempts.');
    // Other addresses are not affected.
    await submitSignIn(agent, page, email, PASSWORD)
      .set('X-Forwarded-For', '203.0.113.8')
      .expect(200);
  });
});

describe('/auth/sign_in over https', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi(); // LOCAL_HTTPS=true, as in production
  });
  afterAll(() => api.close());

  it('sets a Secure cookie over https (behind a proxy) and none over plain http', async () => {
    const secure = await browser(api)
      .get('/auth/sign_in')
      .set('X-Forwarded-Proto', 'https')
      .expect(200);
    const cookie = secure.headers['set-cookie'][0];
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    const plain = await browser(api).get('/auth/sign_in').expect(200);
    expect(plain.headers['set-cookie']).toBeUndefined();
  });
});
