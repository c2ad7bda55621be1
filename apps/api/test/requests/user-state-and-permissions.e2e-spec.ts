import { AssignRoleService } from '@nestodon/core';
import { Account, User, UserRole } from '@nestodon/domain';
import { createAccessToken, createApplication, createLocalAccount } from '@nestodon/testing';
import { DeepPartial } from 'typeorm';
import { ApiHarness } from '../support/api-harness';
import { startProbeApi } from '../support/probe-api';

describe('user state and role permissions on user routes', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startProbeApi();
  });
  afterAll(() => api.close());

  /** A user signed up through an app, with a token of that app. */
  async function userWithToken(
    userAttributes: DeepPartial<User> = {},
    accountAttributes: DeepPartial<Account> = {},
  ) {
    const { application } = await createApplication(api.dataSource);
    const { user, account } = await createLocalAccount(api.dataSource, accountAttributes, {
      createdByApplicationId: application.id,
      ...userAttributes,
    });
    const token = await createAccessToken(api.dataSource, {
      user,
      application,
      scopes: 'read write',
    });
    return { user, account, token };
  }

  const get = (path: string, token: string) =>
    api.http.get(path).set('Authorization', `Bearer ${token}`);
  const resend = (token: string) =>
    api.http.post('/api/v1/emails/confirmations').set('Authorization', `Bearer ${token}`);

  it('lets a confirmed, approved, enabled user through', async () => {
    const { token, account } = await userWithToken();
    const res = await get('/test/probe/me', token).expect(200);
    expect(res.body).toEqual({ id: account.id, username: account.username });
  });

  it('refuses unconfirmed users with Mastodon’s message, but lets them resend the mail', async () => {
    const { token } = await userWithToken({ confirmedAt: null });
    for (const path of ['/test/probe/me', '/api/v1/accounts/verify_credentials']) {
      const res = await get(path, token).expect(403);
      expect(res.body).toEqual({ error: 'Your login is missing a confirmed e-mail address' });
    }
    await resend(token).expect(200, {});
    await get('/api/v1/emails/check_confirmation', token).expect(200, 'false');
  });

  it('refuses users pending approval, but lets them use the confirmation routes', async () => {
    const { token } = await userWithToken({ approved: false });
    for (const path of ['/test/probe/me', '/api/v1/accounts/verify_credentials']) {
      const res = await get(path, token).expect(403);
      expect(res.body).toEqual({ error: 'Your login is currently pending approval' });
    }
    await get('/api/v1/emails/check_confirmation', token).expect(200, 'true');
    const pendingUnconfirmed = await userWithToken({ approved: false, confirmedAt: null });
    await resend(pendingUnconfirmed.token).expect(200, {});
  });

  it('refuses disabled and suspended users everywhere', async () => {
    const disabled = await userWithToken({ disabled: true, confirmedAt: null });
    for (const res of [
      await get('/test/probe/me', disabled.token),
      await get('/api/v1/accounts/verify_credentials', disabled.token),
      await resend(disabled.token),
      await get('/api/v1/emails/check_confirmation', disabled.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Your login is currently disabled' });
    }
    const suspended = await userWithToken({}, { suspendedAt: new Date() });
    const res = await get('/test/probe/me', suspended.token).expect(403);
    expect(res.body).toEqual({ error: 'Your login is currently disabled' });
  });

  describe('@RequirePermission(Permission.ManageUsers)', () => {
    it('refuses users without a role or with a role lacking the permission', async () => {
      const plain = await userWithToken();
      const res = await get('/test/probe/manage-users', plain.token).expect(403);
      expect(res.body).toEqual({ error: 'This action is not allowed' });

      const helper = await api.dataSource
        .getRepository(UserRole)
        .save({ name: 'Helper', permissions: '65536', position: 5 });
      const withRole = await userWithToken({ roleId: helper.id });
      await get('/test/probe/manage-users', withRole.token).expect(403);
    });

    it.each(['Moderator', 'Admin', 'Owner'])('lets the %s role through', async (name) => {
      const { user, token } = await userWithToken();
      await get('/test/probe/manage-users', token).expect(403);
      await api.app.get(AssignRoleService).call(user.id, name.toLowerCase());
      await get('/test/probe/manage-users', token).expect(200, { ok: true });
    });

    it('still needs the scope and a token', async () => {
      const { user } = await userWithToken({ roleId: '3' });
      const writeOnly = await createAccessToken(api.dataSource, { user, scopes: 'write' });
      await get('/test/probe/manage-users', writeOnly).expect(403);
      await api.http.get('/test/probe/manage-users').expect(401);
    });
  });
});
