import { OAuthApplication, User } from '@nestodon/domain';
import {
  createAccessToken,
  createApplication,
  createLocalAccount,
  SmtpSink,
  startSmtpSink,
} from '@nestodon/testing';
import { DeepPartial } from 'typeorm';
import { ApiHarness, startApi } from '../../../../support/api-harness';

const NOT_SIGN_UP_APP =
  'This method is only available to the application the user originally signed-up with';
const NOT_AWAITING = 'This method is only available while the e-mail is awaiting confirmation';

describe('/api/v1/emails', () => {
  let smtp: SmtpSink;
  let api: ApiHarness;
  let app: OAuthApplication;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startApi({
      inlineJobs: true,
      env: { SMTP_SERVER: smtp.host, SMTP_PORT: String(smtp.port) },
    });
    app = (await createApplication(api.dataSource)).application;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  async function signedUp(userAttributes: DeepPartial<User> = {}, scopes = 'read write') {
    const { user, account } = await createLocalAccount(
      api.dataSource,
      {},
      {
        confirmedAt: null,
        createdByApplicationId: app.id,
        ...userAttributes,
      },
    );
    const token = await createAccessToken(api.dataSource, { user, application: app, scopes });
    return { user, account, token };
  }

  const resend = (token: string | null, body: Record<string, unknown> = {}) => {
    const request = api.http.post('/api/v1/emails/confirmations');
    if (token) request.set('Authorization', `Bearer ${token}`);
    return request.send(body);
  };

  describe('POST /api/v1/emails/confirmations', () => {
    it('mails the link again to the unconfirmed address', async () => {
      const { user, token } = await signedUp();
      const before = smtp.messages.filter((m) => m.to.includes(user.email)).length;
      await resend(token).expect(200, {});
      await resend(token).expect(200, {});
      expect(smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(before + 2);
    });

    it('changes the address while unconfirmed and mails the new one', async () => {
      const { user, token } = await signedUp();
      await resend(token, { email: 'Fixed.Typo@example.com' }).expect(200, {});
      await smtp.waitFor((m) => m.to.includes('fixed.typo@example.com'));
      const reloaded = await api.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
      expect(reloaded).toMatchObject({
        email: user.email,
        unconfirmedEmail: 'fixed.typo@example.com',
      });
      // Going back to the original address cancels the change.
      await resend(token, { email: user.email }).expect(200, {});
      const back = await api.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
      expect(back.unconfirmedEmail).toBeNull();
    });

    it('works for a confirmed user whose address change awaits confirmation', async () => {
      const { token } = await signedUp({
        confirmedAt: new Date(),
        unconfirmedEmail: 'next@example.com',
      });
      await resend(token).expect(200, {});
      await smtp.waitFor((m) => m.to.includes('next@example.com'));
    });

    it('answers 401 without a token', async () => {
      const res = await resend(null).expect(401);
      expect(res.body).toEqual({ error: 'The access token is invalid' });
    });

    it('answers 403 to a token without write:accounts', async () => {
      const { token } = await signedUp({}, 'read');
      const res = await resend(token).expect(403);
      expect(res.body).toEqual({ error: 'This action is outside the authorized scopes' });
    });

    it('answers 403 to another app than the one the user signed up with', async () => {
      const { user } = await signedUp();
      const other = await createAccessToken(api.dataSource, { user, scopes: 'write' });
      const res = await resend(other).expect(403);
      expect(res.body).toEqual({ error: NOT_SIGN_UP_APP });
      const appToken = await createAccessToken(api.dataSource, {
        application: app,
        scopes: 'write',
      });
      await resend(appToken).expect(403, { error: NOT_SIGN_UP_APP });
    });

    it('answers 403 once the address is confirmed', async () => {
      const { token } = await signedUp({ confirmedAt: new Date() });
      const res = await resend(token).expect(403);
      expect(res.body).toEqual({ error: NOT_AWAITING });
    });

    it('answers 422 for a malformed or taken address, changing nothing', async () => {
      const { user, token } = await signedUp();
      const malformed = await resend(token, { email: 'nope' }).expect(422);
      expect(malformed.body).toEqual({
        error: 'Validation failed: Email is invalid',
        details: { email: [{ error: 'ERR_INVALID', description: 'is invalid' }] },
      });
      const { user: other } = await createLocalAccount(api.dataSource);
      const taken = await resend(token, { email: other.email.toUpperCase() }).expect(422);
      expect(taken.body.details).toEqual({
        email: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
      });
      await resend(token, { email: ['a@example.com'] }).expect(422);
      const reloaded = await api.dataSource.getRepository(User).findOneByOrFail({ id: user.id });
      expect(reloaded.unconfirmedEmail).toBeNull();
    });

    it('limits resends per user', async () => {
      const { token } = await signedUp();
      for (let i = 0; i < 5; i++) await resend(token).expect(200);
      const res = await resend(token).expect(429);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
    });
  });

  describe('GET /api/v1/emails/check_confirmation', () => {
    const check = (token: string | null) => {
      const request = api.http.get('/api/v1/emails/check_confirmation');
      if (token) request.set('Authorization', `Bearer ${token}`);
      return request;
    };

    it('answers false while unconfirmed and true after', async () => {
      const { user, token } = await signedUp();
      const before = await check(token)
        .expect('Content-Type', /application\/json/)
        .expect(200);
      expect(before.body).toBe(false);
      await api.dataSource.getRepository(User).update(user.id, { confirmedAt: new Date() });
      const after = await check(token).expect(200);
      expect(after.body).toBe(true);
    });

    it('works from any app of the user', async () => {
      const { user } = await signedUp();
      const other = await createAccessToken(api.dataSource, { user, scopes: 'read:accounts' });
      await check(other).expect(200, 'false');
    });

    it('answers 401 without a token, 403 without read:accounts, 422 for an app token', async () => {
      await check(null).expect(401);
      const { token } = await signedUp({}, 'write');
      await check(token).expect(403, { error: 'This action is outside the authorized scopes' });
      const appToken = await createAccessToken(api.dataSource, {
        application: app,
        scopes: 'read',
      });
      await check(appToken).expect(422, { error: 'This method requires an authenticated user' });
    });
  });
});
