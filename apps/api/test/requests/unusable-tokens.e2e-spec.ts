import { StatusVisibility } from '@nestodon/domain';
import { createAccessToken, createApplication } from '@nestodon/testing';
import { ApiHarness, startApi } from '../support/api-harness';
import { actor, follow, insertStatus, TimelineActor } from '../support/timelines';

/**
 * Routes with optional authentication (`GET /api/v1/statuses/:id`, an account's statuses) show a
 * viewer what they may see. A token only names that viewer while it is valid and its user may
 * use the API: a disabled, suspended, unconfirmed or unapproved user's token counts as no token
 * there, and a revoked token (or one of a deleted app) is refused, as Mastodon's
 * `authorize_if_got_token!` does.
 */
describe('tokens that may not act as their user on public routes', () => {
  let api: ApiHarness;
  let author: TimelineActor;
  let followersOnly: string;
  let publicPost: string;

  beforeAll(async () => {
    api = await startApi();
    author = await actor(api.dataSource);
    followersOnly = (
      await insertStatus(api.dataSource, author.account, {
        text: 'for followers',
        visibility: StatusVisibility.Private,
      })
    ).id;
    publicPost = (await insertStatus(api.dataSource, author.account, { text: 'for all' })).id;
  });
  afterAll(() => api.close());

  /** A follower of the author, with a token of their own. */
  async function follower(): Promise<TimelineActor> {
    const viewer = await actor(api.dataSource);
    await follow(api.dataSource, viewer.account, author.account);
    return viewer;
  }

  const showStatus = (id: string, auth: string) =>
    api.http.get(`/api/v1/statuses/${id}`).set('Authorization', auth);
  const accountStatusIds = async (auth: string) => {
    const res = await api.http
      .get(`/api/v1/accounts/${author.account.id}/statuses`)
      .set('Authorization', auth)
      .expect(200);
    return (res.body as Array<{ id: string }>).map((status) => status.id);
  };

  it('lets a usable follower see the followers-only post', async () => {
    const viewer = await follower();
    await showStatus(followersOnly, viewer.auth).expect(200);
    expect(await accountStatusIds(viewer.auth)).toContain(followersOnly);
  });

  it.each([
    ['disabled', `UPDATE users SET disabled = true WHERE id = $1`],
    ['unconfirmed', `UPDATE users SET confirmed_at = NULL WHERE id = $1`],
    ['pending approval', `UPDATE users SET approved = false WHERE id = $1`],
    [
      'suspended',
      `UPDATE accounts SET suspended_at = now() WHERE id = (SELECT account_id FROM users WHERE id = $1)`,
    ],
  ])('treats the token of a %s user as no token', async (_state, sql) => {
    const viewer = await follower();
    await api.dataSource.query(sql, [viewer.user.id]);

    const hidden = await showStatus(followersOnly, viewer.auth).expect(404);
    expect(hidden.body).toEqual({ error: 'Record not found' });
    const ids = await accountStatusIds(viewer.auth);
    expect(ids).not.toContain(followersOnly);
    expect(ids).toContain(publicPost);
    const shown = await showStatus(publicPost, viewer.auth).expect(200);
    expect(shown.body.favourited).toBeUndefined();
  });

  it('refuses a revoked token, and a token of a deleted app, as Mastodon does', async () => {
    const revoked = await follower();
    await api.dataSource.query(
      `UPDATE oauth_access_tokens SET revoked_at = now() WHERE resource_owner_id = $1`,
      [revoked.user.id],
    );
    const { application } = await createApplication(api.dataSource);
    const viewer = await follower();
    const appToken = await createAccessToken(api.dataSource, {
      user: viewer.user,
      application,
      scopes: 'read',
    });
    await api.dataSource.query(`DELETE FROM oauth_applications WHERE id = $1`, [application.id]);

    for (const auth of [revoked.auth, `Bearer ${appToken}`]) {
      const refused = await showStatus(followersOnly, auth).expect(401);
      expect(refused.body).toEqual({ error: 'The access token is invalid' });
      await api.http
        .get(`/api/v1/accounts/${author.account.id}/statuses`)
        .set('Authorization', auth)
        .expect(401);
      // Public routes without a token check ignore it.
      await api.http.get('/api/v1/instance').set('Authorization', auth).expect(200);
    }
  });
});
