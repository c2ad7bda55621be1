import { Permission, UserRole } from '@nestodon/domain';
import { createAccessToken } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import {
  browser,
  createUserWithPassword,
  signedInWithPermissions,
  submitSignIn,
} from '../../support/oauth';

const PASSWORD = 'correct horse battery staple';

describe('job dashboard (/admin/queues)', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    // Plain http here: the session cookie is Secure only when the instance is served over https.
    api = await startApi({ env: { LOCAL_HTTPS: 'false' } });
  });
  afterAll(() => api.close());

  const signedIn = (permissions?: bigint) => signedInWithPermissions(api, permissions);

  it('shows the queues to staff whose role has the devops permission', async () => {
    const agent = await signedIn(Permission.ViewDevops);
    const page = await agent.get('/admin/queues').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Nestodon jobs');
    const res = await agent.get('/admin/queues/api/queues').expect(200);
    const names = (res.body.queues as Array<{ name: string }>).map((queue) => queue.name);
    expect(names).toEqual(expect.arrayContaining(['default', 'push', 'mailers', 'scheduler']));
  });

  it('lets administrators in (the administrator permission grants every other)', async () => {
    const agent = await signedIn(Permission.Administrator);
    await agent.get('/admin/queues/api/queues').expect(200);
  });

  it('refuses signed-in users without the devops permission with 403', async () => {
    for (const permissions of [undefined, Permission.ManageUsers | Permission.ViewDashboard]) {
      const agent = await signedIn(permissions);
      const res = await agent.get('/admin/queues').expect(403);
      expect(res.body).toEqual({ error: 'This action is not allowed' });
      await agent.get('/admin/queues/api/queues').expect(403);
    }
  });

  it('sends visitors without a session to sign in, and answers their API calls 401', async () => {
    const page = await api.http.get('/admin/queues').set('Accept', 'text/html').expect(302);
    expect(page.headers.location).toBe('/auth/sign_in?return_to=%2Fadmin%2Fqueues');
    const res = await api.http.get('/admin/queues/api/queues').expect(401);
    expect(res.body).toEqual({ error: 'This page requires signing in' });
  });

  it('does not take bearer tokens, even of staff: only the browser session', async () => {
    const role = await api.dataSource
      .getRepository(UserRole)
      .save({ name: 'DevOps token', permissions: String(Permission.ViewDevops), position: 99 });
    const { user } = await createUserWithPassword(api.dataSource, PASSWORD, { roleId: role.id });
    const token = await createAccessToken(api.dataSource, {
      user,
      scopes: 'read write admin:read',
    });
    await api.http
      .get('/admin/queues/api/queues')
      .set('Authorization', `Bearer ${token}`)
      .expect(401);
  });

  it('returns to the dashboard after signing in from it', async () => {
    const role = await api.dataSource
      .getRepository(UserRole)
      .save({ name: 'DevOps return', permissions: String(Permission.ViewDevops), position: 98 });
    const { email } = await createUserWithPassword(api.dataSource, PASSWORD, { roleId: role.id });
    const agent = browser(api);
    const page = await agent.get('/auth/sign_in?return_to=%2Fadmin%2Fqueues').expect(200);
    const res = await submitSignIn(agent, page.text, email, PASSWORD).expect(303);
    expect(res.headers.location).toBe('/admin/queues');
    await agent.get('/admin/queues').expect(200);
  });
});
