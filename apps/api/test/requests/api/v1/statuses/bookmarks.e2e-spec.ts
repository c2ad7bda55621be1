import { StatusVisibility } from '@nestodon/domain';
import { createStatus, insertBlock, insertFollow } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('POST /api/v1/statuses/:id/bookmark and /unbookmark', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const act = (actor: Actor, id: string, action: 'bookmark' | 'unbookmark') =>
    api.http.post(`/api/v1/statuses/${id}/${action}`).set('Authorization', actor.auth);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  it('bookmarks privately (no counter, others see nothing) and unbookmarks', async () => {
    const status = await postStatus(api.http, alice, { status: 'save me' });
    const res = await act(bob, status.id, 'bookmark').expect(200);
    expect(res.body).toMatchObject({ id: status.id, bookmarked: true, favourites_count: 0 });
    await act(bob, status.id, 'bookmark').expect(200);
    const seenByAuthor = await api.http
      .get(`/api/v1/statuses/${status.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(seenByAuthor.body.bookmarked).toBe(false);
    const list = await api.http.get('/api/v1/bookmarks').set('Authorization', bob.auth).expect(200);
    expect(list.body.map((s: { id: string }) => s.id)).toEqual([status.id]);
    const undone = await act(bob, status.id, 'unbookmark').expect(200);
    expect(undone.body.bookmarked).toBe(false);
    const empty = await api.http.get('/api/v1/bookmarks').set('Authorization', bob.auth);
    expect(empty.body).toEqual([]);
  });

  it('unbookmarks even when the author has since blocked the account', async () => {
    const status = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Private,
    });
    await insertFollow(api.dataSource, bob.account, alice.account);
    await act(bob, status.id, 'bookmark').expect(200);
    await insertBlock(api.dataSource, alice.account, bob.account);
    await api.http.get(`/api/v1/statuses/${status.id}`).set('Authorization', bob.auth).expect(404);
    await act(bob, status.id, 'bookmark').expect(404);
    const res = await act(bob, status.id, 'unbookmark').expect(200);
    expect(res.body).toMatchObject({ id: status.id, bookmarked: false });
    // Without a bookmark left, the status is hidden again.
    await act(bob, status.id, 'unbookmark').expect(404);
  });

  it('answers 404 for hidden or unknown statuses', async () => {
    const hidden = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Direct,
    });
    await act(bob, hidden.id, 'bookmark').expect(404);
    await act(bob, hidden.id, 'unbookmark').expect(404);
    await act(bob, 'abc', 'bookmark').expect(404);
  });

  it('needs a user token with write:bookmarks', async () => {
    const status = await createStatus(api.dataSource, alice.account);
    await api.http.post(`/api/v1/statuses/${status.id}/bookmark`).expect(401);
    const wrong = await tokenWithScopes(api.dataSource, bob, 'read write:favourites');
    for (const action of ['bookmark', 'unbookmark']) {
      await api.http
        .post(`/api/v1/statuses/${status.id}/${action}`)
        .set('Authorization', wrong)
        .expect(403);
    }
  });
});
