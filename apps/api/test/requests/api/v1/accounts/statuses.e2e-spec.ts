import { StatusVisibility, User } from '@nestodon/domain';
import {
  createMediaAttachment,
  createReblog,
  createStatus,
  insertBlock,
  insertFollow,
  insertMute,
} from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('GET /api/v1/accounts/:id/statuses', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const statusesOf = (accountId: string, query = '', actor?: Actor) => {
    const req = api.http.get(`/api/v1/accounts/${accountId}/statuses${query}`);
    return actor ? req.set('Authorization', actor.auth) : req;
  };
  const ids = (body: Array<{ id: string }>) => body.map((status) => status.id);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  it('lists an account’s statuses newest first, with Link pagination', async () => {
    const author = await createActor(api.dataSource, {});
    const posted = [];
    for (let i = 0; i < 5; i++) posted.push(await createStatus(api.dataSource, author.account));
    const newestFirst = posted.map((s) => s.id).reverse();
    const all = await statusesOf(author.account.id).expect(200);
    expect(ids(all.body)).toEqual(newestFirst);
    const page = await statusesOf(author.account.id, '?limit=2&only_media=false').expect(200);
    expect(ids(page.body)).toEqual(newestFirst.slice(0, 2));
    expect(page.headers.link).toContain(`max_id=${newestFirst[1]}`);
    expect(page.headers.link).toContain(`min_id=${newestFirst[0]}`);
    expect(page.headers.link).toContain('only_media=false');
    const older = await statusesOf(author.account.id, `?max_id=${newestFirst[1]}`).expect(200);
    expect(ids(older.body)).toEqual(newestFirst.slice(2));
    const newer = await statusesOf(author.account.id, `?min_id=${newestFirst[3]}&limit=2`).expect(
      200,
    );
    expect(ids(newer.body)).toEqual(newestFirst.slice(1, 3));
    const since = await statusesOf(author.account.id, `?since_id=${newestFirst[2]}`).expect(200);
    expect(ids(since.body)).toEqual(newestFirst.slice(0, 2));
  });

  it('filters: exclude_replies (self-replies stay), exclude_reblogs, only_media, tagged, pinned', async () => {
    const author = await createActor(api.dataSource, {});
    const plain = await postStatus(api.http, author, { status: 'plain #Tagged' });
    const other = await createStatus(api.dataSource, bob.account);
    const reply = await postStatus(api.http, author, { status: 'reply', in_reply_to_id: other.id });
    const selfReply = await postStatus(api.http, author, {
      status: 'thread',
      in_reply_to_id: plain.id,
    });
    const media = await createMediaAttachment(api.dataSource, author.account);
    const withMedia = await postStatus(api.http, author, { media_ids: [media.id] });
    const reblog = await createReblog(api.dataSource, author.account, other);
    await api.http
      .post(`/api/v1/statuses/${plain.id}/pin`)
      .set('Authorization', author.auth)
      .expect(200);

    const everything = ids((await statusesOf(author.account.id).expect(200)).body);
    expect(everything).toEqual([reblog.id, withMedia.id, selfReply.id, reply.id, plain.id]);
    expect(
      ids((await statusesOf(author.account.id, '?exclude_replies=true').expect(200)).body),
    ).toEqual([reblog.id, withMedia.id, selfReply.id, plain.id]);
    expect(
      ids((await statusesOf(author.account.id, '?exclude_reblogs=1').expect(200)).body),
    ).toEqual([withMedia.id, selfReply.id, reply.id, plain.id]);
    expect(ids((await statusesOf(author.account.id, '?only_media=true').expect(200)).body)).toEqual(
      [withMedia.id],
    );
    expect(ids((await statusesOf(author.account.id, '?tagged=tagged').expect(200)).body)).toEqual([
      plain.id,
    ]);
    expect(ids((await statusesOf(author.account.id, '?tagged=nothing').expect(200)).body)).toEqual(
      [],
    );
    expect(ids((await statusesOf(author.account.id, '?pinned=true').expect(200)).body)).toEqual([
      plain.id,
    ]);
    const reblogJson = (await statusesOf(author.account.id).expect(200)).body[0];
    expect(reblogJson.reblog.id).toBe(other.id);
  });

  it('shows each viewer what it may see', async () => {
    const author = await createActor(api.dataSource, {});
    const pub = await createStatus(api.dataSource, author.account);
    const unlisted = await createStatus(api.dataSource, author.account, {
      visibility: StatusVisibility.Unlisted,
    });
    const priv = await createStatus(api.dataSource, author.account, {
      visibility: StatusVisibility.Private,
    });
    const direct = await createStatus(api.dataSource, author.account, {
      visibility: StatusVisibility.Direct,
      mentions: [bob.account],
    });
    const all = [direct.id, priv.id, unlisted.id, pub.id];
    expect(ids((await statusesOf(author.account.id).expect(200)).body)).toEqual([
      unlisted.id,
      pub.id,
    ]);
    expect(ids((await statusesOf(author.account.id, '', author).expect(200)).body)).toEqual(all);
    expect(ids((await statusesOf(author.account.id, '', bob).expect(200)).body)).toEqual([
      direct.id,
      unlisted.id,
      pub.id,
    ]);
    const follower = await createActor(api.dataSource, {});
    await insertFollow(api.dataSource, follower.account, author.account);
    expect(ids((await statusesOf(author.account.id, '', follower).expect(200)).body)).toEqual([
      priv.id,
      unlisted.id,
      pub.id,
    ]);
    // Blocks either way: nothing.
    const blocked = await createActor(api.dataSource, {});
    await insertBlock(api.dataSource, author.account, blocked.account);
    expect((await statusesOf(author.account.id, '', blocked).expect(200)).body).toEqual([]);
    const blocking = await createActor(api.dataSource, {});
    await insertBlock(api.dataSource, blocking.account, author.account);
    expect((await statusesOf(author.account.id, '', blocking).expect(200)).body).toEqual([]);
  });

  it('leaves out reblogs of muted accounts and of hidden statuses', async () => {
    const author = await createActor(api.dataSource, {});
    const viewer = await createActor(api.dataSource, {});
    const mutedOne = await createActor(api.dataSource, {});
    await insertMute(api.dataSource, viewer.account, mutedOne.account);
    const ofMuted = await createReblog(
      api.dataSource,
      author.account,
      await createStatus(api.dataSource, mutedOne.account),
    );
    const ofPrivate = await createReblog(
      api.dataSource,
      author.account,
      await createStatus(api.dataSource, bob.account, { visibility: StatusVisibility.Private }),
    );
    const own = await createStatus(api.dataSource, author.account);
    expect(ids((await statusesOf(author.account.id, '', viewer).expect(200)).body)).toEqual([
      own.id,
    ]);
    expect(ids((await statusesOf(author.account.id).expect(200)).body)).toEqual([
      own.id,
      ofMuted.id,
    ]);
    expect(ofPrivate.id).toBeDefined();
  });

  it('answers 404 for unknown or unconfirmed accounts, empty for suspended ones', async () => {
    await statusesOf('123').expect(404);
    await statusesOf('nope').expect(404);
    const pending = await createActor(api.dataSource, {});
    await api.dataSource.getRepository(User).update({ id: pending.user.id }, { confirmedAt: null });
    await statusesOf(pending.account.id).expect(404);
    const suspended = await createActor(api.dataSource, { suspendedAt: new Date() });
    await createStatus(api.dataSource, suspended.account);
    expect((await statusesOf(suspended.account.id).expect(200)).body).toEqual([]);
  });

  it('validates parameters and checks a token when one is sent', async () => {
    await statusesOf(alice.account.id, '?max_id=abc').expect(422);
    await statusesOf(alice.account.id, '?limit=many').expect(422);
    await api.http
      .get(`/api/v1/accounts/${alice.account.id}/statuses`)
      .set('Authorization', 'Bearer bad')
      .expect(401);
    const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
    await api.http
      .get(`/api/v1/accounts/${alice.account.id}/statuses`)
      .set('Authorization', writeOnly)
      .expect(403);
  });
});
