import { AccountStat, StatusStat, StatusVisibility, User } from '@nestodon/domain';
import { RedisService } from '@nestodon/platform';
import { createStatus, insertBlock, insertFollow } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('POST /api/v1/statuses/:id/reblog and /unreblog', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const act = (actor: Actor, id: string, action: 'reblog' | 'unreblog', body = {}) =>
    api.http.post(`/api/v1/statuses/${id}/${action}`).set('Authorization', actor.auth).send(body);
  const reblogsCount = async (id: string) =>
    (await api.dataSource.getRepository(StatusStat).findOneBy({ statusId: id }))?.reblogsCount ?? 0;
  const statusesCount = async (accountId: string) =>
    (await api.dataSource.getRepository(AccountStat).findOneBy({ accountId }))?.statusesCount ?? 0;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  it('reblogs: the wrapper with the original inside, counters, and once only', async () => {
    const status = await postStatus(api.http, alice, { status: 'boost me' });
    const before = await statusesCount(bob.account.id);
    const res = await act(bob, status.id, 'reblog').expect(200);
    expect(res.body).toMatchObject({
      visibility: 'public',
      content: '',
      account: { id: bob.account.id },
      uri: `https://nestodon.test/users/bob/statuses/${res.body.id}/activity`,
      // Issue 15: the wrapper shows the viewer's state read on the original, as Mastodon does.
      reblogged: true,
      reblog: { id: status.id, reblogged: true, reblogs_count: 1 },
    });
    const again = await act(bob, status.id, 'reblog').expect(200);
    expect(again.body.id).toBe(res.body.id);
    expect(await reblogsCount(status.id)).toBe(1);
    expect(await statusesCount(bob.account.id)).toBe(before + 1);
    // Reblogging the reblog reblogs the original.
    const carol = await createActor(api.dataSource, {});
    const viaWrapper = await act(carol, res.body.id, 'reblog').expect(200);
    expect(viaWrapper.body.reblog.id).toBe(status.id);
    expect(await reblogsCount(status.id)).toBe(2);
  });

  it('takes the requested visibility, else the user’s default', async () => {
    const status = await postStatus(api.http, alice, { status: 'x' });
    const unlisted = await act(bob, status.id, 'reblog', { visibility: 'unlisted' }).expect(200);
    expect(unlisted.body.visibility).toBe('unlisted');
    const dan = await createActor(api.dataSource, {});
    await api.dataSource
      .getRepository(User)
      .update({ id: dan.user.id }, { settings: { default_privacy: 'private' } });
    expect((await act(dan, status.id, 'reblog').expect(200)).body.visibility).toBe('private');
    const erin = await createActor(api.dataSource, {});
    await act(erin, status.id, 'reblog', { visibility: 'direct' }).expect(422);
    await act(erin, status.id, 'reblog', { visibility: 'loud' }).expect(422);
  });

  it('unreblogs: the original comes back with reblogged false and the right count', async () => {
    const status = await postStatus(api.http, alice, { status: 'undo me' });
    await act(bob, status.id, 'reblog').expect(200);
    const before = await statusesCount(bob.account.id);
    const res = await act(bob, status.id, 'unreblog').expect(200);
    expect(res.body).toMatchObject({ id: status.id, reblogged: false, reblogs_count: 0 });
    expect(await statusesCount(bob.account.id)).toBe(before - 1);
    // Without a reblog it just shows the status.
    const again = await act(bob, status.id, 'unreblog').expect(200);
    expect(again.body).toMatchObject({ id: status.id, reblogged: false, reblogs_count: 0 });
    // And the status can be reblogged again.
    await act(bob, status.id, 'reblog').expect(200);
    expect(await reblogsCount(status.id)).toBe(1);
  });

  it('keeps reblogs_count exact under concurrency', async () => {
    const status = await postStatus(api.http, alice, { status: 'viral' });
    const fans = await Promise.all(
      Array.from({ length: 10 }, () => createActor(api.dataSource, {})),
    );
    await Promise.all([...fans, ...fans].map((fan) => act(fan, status.id, 'reblog')));
    expect(await reblogsCount(status.id)).toBe(10);
    await Promise.all(
      [...fans.slice(0, 4), ...fans.slice(0, 4)].map((fan) => act(fan, status.id, 'unreblog')),
    );
    expect(await reblogsCount(status.id)).toBe(6);
  });

  it('leaves no reblog alive when reblogs race the deletion of the original (issue 13)', async () => {
    const fans = await Promise.all(
      Array.from({ length: 50 }, () => createActor(api.dataSource, {})),
    );
    for (let round = 0; round < 3; round++) {
      const status = await postStatus(api.http, alice, { status: `going away ${round}` });
      const reblogs = fans.map((fan) => act(fan, status.id, 'reblog'));
      const deletion = api.http
        .delete(`/api/v1/statuses/${status.id}`)
        .set('Authorization', alice.auth);
      const [deleted, ...answers] = await Promise.all([deletion, ...reblogs]);
      expect(deleted.status).toBe(200);
      // Each reblog either went through before the deletion (and is gone with it) or was refused.
      for (const answer of answers) expect([200, 404]).toContain(answer.status);
      const [{ live }] = await api.dataSource.query(
        `SELECT count(*)::int AS live FROM statuses WHERE reblog_of_id = $1 AND deleted_at IS NULL`,
        [status.id],
      );
      expect(live).toBe(0);
    }
    // Reblogs that were removed with their original count no more.
    for (const fan of fans) expect(await statusesCount(fan.account.id)).toBe(0);
  });

  it('lets only the author reblog a private status; direct statuses never', async () => {
    const privateStatus = await postStatus(api.http, alice, {
      status: 'followers only',
      visibility: 'private',
    });
    const own = await act(alice, privateStatus.id, 'reblog').expect(200);
    expect(own.body.visibility).toBe('private');
    const follower = await createActor(api.dataSource, {});
    await insertFollow(api.dataSource, follower.account, alice.account);
    const forbidden = await act(follower, privateStatus.id, 'reblog').expect(403);
    expect(forbidden.body).toEqual({ error: 'This action is not allowed' });
    await act(bob, privateStatus.id, 'reblog').expect(404);
    const direct = await postStatus(api.http, alice, { status: '@bob hi', visibility: 'direct' });
    await act(bob, direct.id, 'reblog').expect(403);
    await act(follower, direct.id, 'reblog').expect(404);
  });

  it('answers 404 for hidden, blocked and unknown statuses', async () => {
    const status = await createStatus(api.dataSource, alice.account);
    const blocked = await createActor(api.dataSource, {});
    await insertBlock(api.dataSource, alice.account, blocked.account);
    await act(blocked, status.id, 'reblog').expect(404);
    await act(blocked, status.id, 'unreblog').expect(404);
    await act(bob, '99', 'reblog').expect(404);
    const deleted = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Public,
      deletedAt: new Date(),
    });
    await act(bob, deleted.id, 'reblog').expect(404);
  });

  it('is rate limited: reblogs with posting, unreblogs with deletions', async () => {
    const fay = await createActor(api.dataSource, {});
    const status = await createStatus(api.dataSource, alice.account);
    const redis = api.app.get(RedisService).client;
    const window = (seconds: number) => Math.floor(Date.now() / (seconds * 1000)) * seconds * 1000;
    await redis.set(`ratelimit:statuses:account:${fay.account.id}:${window(10800)}`, '300');
    await act(fay, status.id, 'reblog').expect(429);
    await redis.set(`ratelimit:statuses_delete:account:${fay.account.id}:${window(1800)}`, '30');
    await act(fay, status.id, 'unreblog').expect(429);
  });

  it('needs a user token with write:statuses', async () => {
    const status = await createStatus(api.dataSource, alice.account);
    await api.http.post(`/api/v1/statuses/${status.id}/reblog`).expect(401);
    await api.http.post(`/api/v1/statuses/${status.id}/unreblog`).expect(401);
    const wrong = await tokenWithScopes(api.dataSource, bob, 'read write:favourites');
    for (const action of ['reblog', 'unreblog']) {
      await api.http
        .post(`/api/v1/statuses/${status.id}/${action}`)
        .set('Authorization', wrong)
        .expect(403);
    }
  });
});
