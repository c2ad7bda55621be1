import { Invite, OAuthAccessToken, OAuthApplication, User } from '@nestodon/domain';
import { digestToken } from '@nestodon/access';
import {
  createAccessToken,
  createApplication,
  createLocalAccount,
  SmtpSink,
  startSmtpSink,
} from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';

let ipCounter = 0;
/** Each sign-up gets its own client address (trusted X-Forwarded-For from loopback). */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

let nameCounter = 0;
const person = (overrides: Record<string, unknown> = {}) => {
  const name = `person${++nameCounter}`;
  return {
    username: name,
    email: `${name}@example.com`,
    password: 'a long enough password',
    agreement: 'true',
    locale: 'en',
    ...overrides,
  };
};

interface Env {
  api: ApiHarness;
  smtp: SmtpSink;
  application: OAuthApplication;
  appToken: string;
  signUp(
    fields: Record<string, unknown>,
    options?: { token?: string | null; ip?: string },
  ): ReturnType<ApiHarness['http']['post']>;
}

async function boot(mode: 'open' | 'approved' | 'none'): Promise<Env> {
  const smtp = await startSmtpSink();
  const api = await startApi({
    inlineJobs: true,
    env: { REGISTRATIONS_MODE: mode, SMTP_SERVER: smtp.host, SMTP_PORT: String(smtp.port) },
  });
  const { application } = await createApplication(api.dataSource, {
    name: 'Signup App',
    redirectUri: 'https://app.example/callback',
    scopes: 'read write follow push',
  });
  const appToken = await createAccessToken(api.dataSource, {
    application,
    scopes: 'write:accounts',
  });
  return {
    api,
    smtp,
    application,
    appToken,
    signUp(fields, options = {}) {
      const request = api.http
        .post('/api/v1/accounts')
        .set('X-Forwarded-For', options.ip ?? nextIp());
      const token = options.token === undefined ? appToken : options.token;
      if (token) request.set('Authorization', `Bearer ${token}`);
      return request.send(fields);
    },
  };
}

async function shutdown(env: Env | undefined): Promise<void> {
  await env?.api.close();
  await env?.smtp.close();
}

async function userByUsername(env: Env, username: string): Promise<User> {
  return env.api.dataSource
    .getRepository(User)
    .createQueryBuilder('u')
    .innerJoin('accounts', 'a', 'a.id = u.account_id')
    .where('a.username = :username', { username })
    .getOneOrFail();
}

describe('POST /api/v1/accounts (open registrations)', () => {
  let env: Env;

  beforeAll(async () => {
    env = await boot('open');
  });
  afterAll(() => shutdown(env));

  it('creates an unconfirmed user and returns a token for it with the app scopes', async () => {
    const fields = person({ username: 'Alice', email: 'Alice@Example.com', locale: 'fr' });
    const res = await env.signUp(fields, { ip: '10.9.9.9' }).expect(200);
    expect(res.body).toEqual({
      access_token: expect.stringMatching(/^[\w-]{43}$/),
      token_type: 'Bearer',
      scope: 'read write follow push',
      created_at: expect.any(Number),
    });
    expect(Math.abs(res.body.created_at - Date.now() / 1000)).toBeLessThan(60);

    const user = await userByUsername(env, 'Alice');
    expect(user).toMatchObject({
      email: 'alice@example.com',
      locale: 'fr',
      agreement: true,
      approved: true,
      confirmedAt: null,
      createdByApplicationId: env.application.id,
      signUpIp: '10.9.9.9',
      inviteId: null,
    });
    const token = await env.api.dataSource
      .getRepository(OAuthAccessToken)
      .findOneByOrFail({ tokenDigest: digestToken(res.body.access_token) });
    expect(token).toMatchObject({
      resourceOwnerId: user.id,
      applicationId: env.application.id,
      scopes: 'read write follow push',
      expiresIn: null,
    });

    // The token names the new, still unconfirmed user.
    const check = await env.api.http
      .get('/api/v1/emails/check_confirmation')
      .set('Authorization', `Bearer ${res.body.access_token}`)
      .expect(200);
    expect(check.body).toBe(false);

    const mail = await env.smtp.waitFor((m) => m.to.includes('alice@example.com'));
    expect(mail.raw).toMatch(/^Subject: Confirm your e-mail address on /m);
  });

  it('accepts an address whose host has no dot, as Mastodon does (issue 15)', async () => {
    await env.signUp(person({ username: 'localadmin', email: 'admin@localhost' })).expect(200);
    expect((await userByUsername(env, 'localadmin')).email).toBe('admin@localhost');
  });

  it('counts the sign-up in weekly activity', async () => {
    const res = await env.api.http.get('/api/v1/instance/activity').expect(200);
    expect(Number(res.body[0].registrations)).toBeGreaterThanOrEqual(1);
  });

  it('accepts JSON bodies with a boolean agreement', async () => {
    const res = await env.api.http
      .post('/api/v1/accounts')
      .set('Authorization', `Bearer ${env.appToken}`)
      .set('X-Forwarded-For', nextIp())
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(person({ username: 'jsonperson', agreement: true })))
      .expect(200);
    expect(res.body.token_type).toBe('Bearer');
  });

  it('answers 401 without a token or with an unknown one', async () => {
    const missing = await env.signUp(person(), { token: null }).expect(401);
    expect(missing.body).toEqual({ error: 'The access token is invalid' });
    await env.signUp(person(), { token: 'not-a-token' }).expect(401);
  });

  it('answers 403 to an app token without write:accounts', async () => {
    const readOnly = await createAccessToken(env.api.dataSource, {
      application: env.application,
      scopes: 'read',
    });
    const res = await env.signUp(person(), { token: readOnly }).expect(403);
    expect(res.body).toEqual({ error: 'This action is outside the authorized scopes' });
  });

  it('answers 403 to a user token, as sign-up needs client credentials', async () => {
    const { user } = await createLocalAccount(env.api.dataSource);
    const userToken = await createAccessToken(env.api.dataSource, { user, scopes: 'write' });
    const res = await env.signUp(person(), { token: userToken }).expect(403);
    expect(res.body).toEqual({
      error: 'This method requires an client credentials authentication',
    });
  });

  it('answers 422 naming each bad field', async () => {
    const res = await env.signUp({ agreement: 'false', locale: 'qq' }).expect(422);
    expect(res.body.error).toMatch(
      /^Validation failed: Username can't be blank, Email can't be blank/,
    );
    expect(res.body.details).toEqual({
      username: [{ error: 'ERR_BLANK', description: "can't be blank" }],
      email: [{ error: 'ERR_BLANK', description: "can't be blank" }],
      password: [{ error: 'ERR_BLANK', description: "can't be blank" }],
      agreement: [{ error: 'ERR_ACCEPTED', description: 'must be accepted' }],
      locale: [{ error: 'ERR_INCLUSION', description: 'is not included in the list' }],
    });
  });

  it('answers 422 for taken, reserved, malformed and over-long values', async () => {
    await env.signUp(person({ username: 'bob', email: 'bob@example.com' })).expect(200);
    const taken = await env
      .signUp(person({ username: 'BOB', email: 'BOB@example.com' }))
      .expect(422);
    expect(taken.body.details).toEqual({
      username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
      email: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
    });

    const reserved = await env.signUp(person({ username: 'admin' })).expect(422);
    expect(reserved.body.details.username).toEqual([
      { error: 'ERR_RESERVED', description: 'is reserved' },
    ]);

    const malformed = await env
      .signUp(person({ username: 'x'.repeat(31) + '!', email: 'nope', password: 'x'.repeat(73) }))
      .expect(422);
    expect(malformed.body.details).toEqual({
      username: [
        { error: 'ERR_INVALID', description: 'must contain only letters, numbers and underscores' },
        { error: 'ERR_TOO_LONG', description: 'is too long (maximum is 30 characters)' },
      ],
      email: [{ error: 'ERR_INVALID', description: 'is invalid' }],
      password: [{ error: 'ERR_TOO_LONG', description: 'is too long (maximum is 72 characters)' }],
    });

    const wrongType = await env.signUp(person({ username: ['a', 'b'] })).expect(422);
    expect(wrongType.body.details.username[0].error).toBe('ERR_INVALID');
  });

  it('limits sign-ups to 5 per 30 minutes per address, with rate-limit headers', async () => {
    const ip = '10.200.0.1';
    for (let i = 1; i <= 5; i++) {
      // Failed attempts count too.
      const res = await env.signUp(i === 3 ? {} : person(), { ip });
      expect(res.status).toBe(i === 3 ? 422 : 200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(5 - i));
    }
    const limited = await env.signUp(person(), { ip }).expect(429);
    expect(limited.body).toEqual({ error: 'Too many requests' });
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-reset']).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/,
    );
    // Another address is not affected.
    await env.signUp(person(), { ip: '10.200.0.2' }).expect(200);
  });
});

describe('POST /api/v1/accounts (approval required)', () => {
  let env: Env;

  beforeAll(async () => {
    env = await boot('approved');
  });
  afterAll(() => shutdown(env));

  it('requires a reason', async () => {
    const res = await env.signUp(person()).expect(422);
    expect(res.body.details).toEqual({
      reason: [{ error: 'ERR_BLANK', description: "can't be blank" }],
    });
    expect(res.body.error).toBe("Validation failed: Reason can't be blank");
  });

  it('stores the reason and leaves the user waiting for approval', async () => {
    const res = await env
      .signUp(person({ username: 'hopeful', reason: 'I would like to join' }))
      .expect(200);
    const user = await userByUsername(env, 'hopeful');
    expect(user).toMatchObject({ approved: false, signUpReason: 'I would like to join' });
    // Still allowed to ask whether the address is confirmed.
    await env.api.http
      .get('/api/v1/emails/check_confirmation')
      .set('Authorization', `Bearer ${res.body.access_token}`)
      .expect(200);
  });

  it('approves at once when invited by someone whose role bypasses approval', async () => {
    const { user: admin } = await createLocalAccount(env.api.dataSource, {}, { roleId: '2' });
    await env.api.dataSource.getRepository(Invite).save({ userId: admin.id, code: 'ADMININV' });
    await env.signUp(person({ username: 'invitee', invite_code: 'ADMININV' })).expect(200);
    const user = await userByUsername(env, 'invitee');
    expect(user.approved).toBe(true);
    expect(user.inviteId).not.toBeNull();
  });
});

describe('POST /api/v1/accounts (registrations closed)', () => {
  let env: Env;
  let inviter: User;

  beforeAll(async () => {
    env = await boot('none');
    inviter = (await createLocalAccount(env.api.dataSource)).user;
  });
  afterAll(() => shutdown(env));

  const invite = (attributes: Partial<Invite>) =>
    env.api.dataSource.getRepository(Invite).save({ userId: inviter.id, ...attributes });

  it('answers 403 without an invite', async () => {
    const res = await env.signUp(person()).expect(403);
    expect(res.body).toEqual({ error: 'This action is not allowed' });
  });

  it('answers 403 for unknown, expired and used-up invites', async () => {
    await invite({ code: 'EXPIRED1', expiresAt: new Date(Date.now() - 1000) });
    await invite({ code: 'USEDUP01', maxUses: 1, uses: 1 });
    for (const code of ['NOSUCHCODE', 'EXPIRED1', 'USEDUP01']) {
      const res = await env.signUp(person({ invite_code: code }));
      expect([code, res.status]).toEqual([code, 403]);
    }
  });

  it('admits people with a valid invite, counting its uses', async () => {
    const saved = await invite({ code: 'ONEUSE01', maxUses: 1 });
    await env.signUp(person({ username: 'invited', invite_code: 'ONEUSE01' })).expect(200);
    const user = await userByUsername(env, 'invited');
    // An ordinary member's invite lets the person in, but staff still approve them.
    expect(user).toMatchObject({ inviteId: saved.id, approved: false });
    const reloaded = await env.api.dataSource
      .getRepository(Invite)
      .findOneByOrFail({ id: saved.id });
    expect(reloaded.uses).toBe(1);
    await env.signUp(person({ invite_code: 'ONEUSE01' })).expect(403);
  });

  it('ignores invites whose author can no longer use the server', async () => {
    const { user: gone } = await createLocalAccount(env.api.dataSource, {}, { disabled: true });
    await env.api.dataSource.getRepository(Invite).save({ userId: gone.id, code: 'DISABLED' });
    await env.signUp(person({ invite_code: 'DISABLED' })).expect(403);
  });

  it('does not count an invite use when the sign-up is invalid', async () => {
    const saved = await invite({ code: 'KEEPUSES' });
    await env.signUp({ invite_code: 'KEEPUSES', agreement: 'true' }).expect(422);
    const reloaded = await env.api.dataSource
      .getRepository(Invite)
      .findOneByOrFail({ id: saved.id });
    expect(reloaded.uses).toBe(0);
  });
});
