import { FeedManager } from '@nestodon/core';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { actor, authWith, TimelineActor } from '../../../../support/timelines';

/** On both feed stores: Redis, and PostgreSQL (USE_REDIS=never). */
describe.each([
  ['Redis', { USE_REDIS: 'always' }],
  ['PostgreSQL', { USE_REDIS: 'never' }],
])('GET /api/v1/timelines/list/:list_id (%s)', (_name, env) => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true, env });
  });
  afterAll(() => api.close());

  async function user(): Promise<TimelineActor> {
    const who = await actor(api.dataSource);
    await api.app.get(FeedManager).markReady(who.account.id);
    return who;
  }
  const post = async (who: TimelineActor, body: Record<string, unknown>) =>
    (await api.http.post('/api/v1/statuses').set('Authorization', who.auth).send(body).expect(200))
      .body;
  const follow = (who: TimelineActor, target: TimelineActor) =>
    api.http
      .post(`/api/v1/accounts/${target.account.id}/follow`)
      .set('Authorization', who.auth)
      .expect(200);
  const ids = async (who: TimelineActor, path: string) =>
    (await api.http.get(path).set('Authorization', who.auth).expect(200)).body.map(
      (s: { id: string }) => s.id,
    );

  async function listWith(
    owner: TimelineActor,
    members: TimelineActor[],
    body: Record<string, unknown> = {},
  ) {
    const list = (
      await api.http
        .post('/api/v1/lists')
        .set('Authorization', owner.auth)
        .send({ title: 'L', ...body })
        .expect(200)
    ).body;
    await api.http
      .post(`/api/v1/lists/${list.id}/accounts`)
      .set('Authorization', owner.auth)
      .send({ account_ids: members.map((m) => m.account.id) })
      .expect(200);
    return list;
  }

  it("shows members' statuses, older ones merged when they were added", async () => {
    const owner = await user();
    const bob = await user();
    const carol = await user();
    await follow(owner, bob);
    await follow(owner, carol);
    const before = await post(bob, { status: 'before' });
    const list = await listWith(owner, [bob]);
    const after = await post(bob, { status: 'after' });
    await post(carol, { status: 'not a member' });
    expect(await ids(owner, `/api/v1/timelines/list/${list.id}`)).toEqual([after.id, before.id]);
  });

  it('removes a member’s statuses when the member is removed', async () => {
    const owner = await user();
    const bob = await user();
    await follow(owner, bob);
    const list = await listWith(owner, [bob]);
    await post(bob, { status: 'x' });
    await api.http
      .delete(`/api/v1/lists/${list.id}/accounts`)
      .set('Authorization', owner.auth)
      .send({ account_ids: [bob.account.id] })
      .expect(200);
    expect(await ids(owner, `/api/v1/timelines/list/${list.id}`)).toEqual([]);
  });

  it('applies the replies policy', async () => {
    const owner = await user();
    const bob = await user();
    const carol = await user();
    const stranger = await user();
    await follow(owner, bob);
    await follow(owner, carol);
    const lists = {
      list: await listWith(owner, [bob], { replies_policy: 'list' }),
      followed: await listWith(owner, [bob], { replies_policy: 'followed' }),
      none: await listWith(owner, [bob], { replies_policy: 'none' }),
    };
    const toCarol = await post(bob, {
      status: 'to carol',
      in_reply_to_id: (await post(carol, { status: 'c' })).id,
    });
    const toStranger = await post(bob, {
      status: 'to stranger',
      in_reply_to_id: (await post(stranger, { status: 's' })).id,
    });
    const toOwner = await post(bob, {
      status: 'to owner',
      in_reply_to_id: (await post(owner, { status: 'o' })).id,
    });
    expect(await ids(owner, `/api/v1/timelines/list/${lists.list.id}`)).toEqual([toOwner.id]);
    expect(await ids(owner, `/api/v1/timelines/list/${lists.followed.id}`)).toEqual([
      toOwner.id,
      toCarol.id,
    ]);
    expect(await ids(owner, `/api/v1/timelines/list/${lists.none.id}`)).toEqual([toOwner.id]);
    expect(toStranger.id).toBeDefined();
  });

  it('exclusive lists keep their members out of home', async () => {
    const owner = await user();
    const bob = await user();
    const carol = await user();
    await follow(owner, bob);
    await follow(owner, carol);
    const list = await listWith(owner, [bob], { exclusive: true });
    const bobs = await post(bob, { status: 'only in the list' });
    const carols = await post(carol, { status: 'at home' });
    expect(await ids(owner, `/api/v1/timelines/list/${list.id}`)).toEqual([bobs.id]);
    expect(await ids(owner, '/api/v1/timelines/home')).toEqual([carols.id]);
  });

  it('answers 404 for a foreign or missing list, 401 and 403', async () => {
    const owner = await user();
    const other = await user();
    const list = await listWith(owner, [owner]);
    await api.http
      .get(`/api/v1/timelines/list/${list.id}`)
      .set('Authorization', other.auth)
      .expect(404);
    await api.http
      .get('/api/v1/timelines/list/424242')
      .set('Authorization', owner.auth)
      .expect(404);
    await api.http.get(`/api/v1/timelines/list/${list.id}`).expect(401);
    const wrong = await authWith(api.dataSource, owner, 'read:statuses');
    await api.http.get(`/api/v1/timelines/list/${list.id}`).set('Authorization', wrong).expect(403);
    await api.http
      .get(`/api/v1/timelines/list/${list.id}?since_id=x`)
      .set('Authorization', owner.auth)
      .expect(422);
  });
});
