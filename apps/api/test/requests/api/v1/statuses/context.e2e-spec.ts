import { StatusVisibility } from '@nestodon/domain';
import { createStatus, insertBlock, insertMute } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('GET /api/v1/statuses/:id/context', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  const context = (id: string, actor?: Actor) => {
    const req = api.http.get(`/api/v1/statuses/${id}/context`);
    return actor ? req.set('Authorization', actor.auth) : req;
  };
  const ids = (list: Array<{ id: string }>) => list.map((status) => status.id);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
    carol = await createActor(api.dataSource, { username: 'carol' });
  });
  afterAll(() => api.close());

  it('returns ancestors oldest first and descendants depth first, self-replies on top', async () => {
    const root = await postStatus(api.http, alice, { status: 'root' });
    const bobReply = await postStatus(api.http, bob, { status: 'reply', in_reply_to_id: root.id });
    const nested = await postStatus(api.http, carol, {
      status: 'nested',
      in_reply_to_id: bobReply.id,
    });
    const selfReply = await postStatus(api.http, alice, {
      status: 'thread 2/2',
      in_reply_to_id: root.id,
    });
    const res = await context(root.id).expect(200);
    expect(res.body.ancestors).toEqual([]);
    expect(ids(res.body.descendants)).toEqual([selfReply.id, bobReply.id, nested.id]);
    const fromNested = await context(nested.id).expect(200);
    expect(ids(fromNested.body.ancestors)).toEqual([root.id, bobReply.id]);
    expect(fromNested.body.descendants).toEqual([]);
    expect(fromNested.body.ancestors[0]).not.toHaveProperty('favourited');
    const authed = await context(nested.id, carol).expect(200);
    expect(authed.body.ancestors[0]).toMatchObject({ favourited: false, filtered: [] });
  });

  it('filters each status for the viewer: hidden, muted and blocked ones are left out', async () => {
    const root = await postStatus(api.http, alice, { status: 'open thread' });
    const privateReply = await createStatus(api.dataSource, bob.account, {
      inReplyToId: root.id,
      inReplyToAccountId: alice.account.id,
      visibility: StatusVisibility.Private,
    });
    const carolReply = await postStatus(api.http, carol, { status: 'hi', in_reply_to_id: root.id });
    const deleted = await createStatus(api.dataSource, carol.account, {
      inReplyToId: root.id,
      deletedAt: new Date(),
    });
    const underDeleted = await createStatus(api.dataSource, bob.account, {
      inReplyToId: deleted.id,
    });

    const anonymous = ids((await context(root.id).expect(200)).body.descendants);
    expect(anonymous).toEqual([carolReply.id]);
    expect(anonymous).not.toContain(privateReply.id);
    expect(anonymous).not.toContain(underDeleted.id);
    expect(ids((await context(root.id, bob).expect(200)).body.descendants)).toEqual([
      privateReply.id,
      carolReply.id,
    ]);

    const dave = await createActor(api.dataSource, {});
    await insertMute(api.dataSource, dave.account, carol.account);
    expect(ids((await context(root.id, dave).expect(200)).body.descendants)).toEqual([]);
    const erin = await createActor(api.dataSource, {});
    await insertBlock(api.dataSource, carol.account, erin.account);
    expect(ids((await context(root.id, erin).expect(200)).body.descendants)).toEqual([]);
    // Muting does not hide the status one opened.
    await context(carolReply.id, dave).expect(200);
  });

  it('answers 404 for hidden, deleted, missing or malformed statuses', async () => {
    const hidden = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Direct,
    });
    for (const id of [hidden.id, '12345', 'nope']) await context(id).expect(404);
    await context(hidden.id, bob).expect(404);
    await context(hidden.id, alice).expect(200);
  });

  it('checks a token when one is sent', async () => {
    const root = await createStatus(api.dataSource, alice.account);
    await api.http
      .get(`/api/v1/statuses/${root.id}/context`)
      .set('Authorization', 'Bearer nope')
      .expect(401);
    const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
    await api.http
      .get(`/api/v1/statuses/${root.id}/context`)
      .set('Authorization', writeOnly)
      .expect(403);
  });

  it('has no small cap on long threads', async () => {
    let parent = await createStatus(api.dataSource, alice.account);
    const root = parent;
    for (let i = 0; i < 70; i++) {
      parent = await createStatus(api.dataSource, alice.account, {
        inReplyToId: parent.id,
        inReplyToAccountId: alice.account.id,
      });
    }
    expect((await context(root.id).expect(200)).body.descendants).toHaveLength(70);
    expect((await context(parent.id).expect(200)).body.ancestors).toHaveLength(70);
  });
});
