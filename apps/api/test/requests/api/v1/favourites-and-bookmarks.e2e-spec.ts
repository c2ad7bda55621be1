import { StatusVisibility } from '@nestodon/domain';
import { createStatus, insertBlock, insertFollow } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Actor, createActor, tokenWithScopes } from '../../../support/statuses';

for (const kind of ['favourites', 'bookmarks'] as const) {
  const action = kind === 'favourites' ? 'favourite' : 'bookmark';

  describe(`GET /api/v1/${kind}`, () => {
    let api: ApiHarness;
    let alice: Actor;
    let bob: Actor;

    const list = (actor: Actor, query = '') =>
      api.http.get(`/api/v1/${kind}${query}`).set('Authorization', actor.auth);
    const mark = (actor: Actor, id: string) =>
      api.http
        .post(`/api/v1/statuses/${id}/${action}`)
        .set('Authorization', actor.auth)
        .expect(200);
    const ids = (body: Array<{ id: string }>) => body.map((status) => status.id);

    beforeAll(async () => {
      api = await startApi({ inlineJobs: true });
      alice = await createActor(api.dataSource, { username: 'alice' });
      bob = await createActor(api.dataSource, { username: 'bob' });
    });
    afterAll(() => api.close());

    it(`lists one’s ${kind}, most recent first, paged by ${action} (Link header)`, async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await createStatus(api.dataSource, alice.account));
      // Marked in another order than posted: the list follows the marks.
      for (const index of [1, 0, 2]) await mark(bob, statuses[index].id);
      const all = await list(bob).expect(200);
      expect(ids(all.body)).toEqual([statuses[2].id, statuses[0].id, statuses[1].id]);
      expect(all.body[0][kind === 'favourites' ? 'favourited' : 'bookmarked']).toBe(true);
      const page = await list(bob, '?limit=2').expect(200);
      expect(ids(page.body)).toEqual([statuses[2].id, statuses[0].id]);
      const next = /<([^>]+)>; rel="next"/.exec(page.headers.link)?.[1];
      const nextUrl = new URL(next!);
      const rest = await api.http
        .get(nextUrl.pathname + nextUrl.search)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(ids(rest.body)).toEqual([statuses[1].id]);
      expect((await list(alice).expect(200)).body).toEqual([]);
    });

    it('leaves out deleted statuses and ones the account may no longer see', async () => {
      const carol = await createActor(api.dataSource, {});
      const author = await createActor(api.dataSource, {});
      await insertFollow(api.dataSource, carol.account, author.account);
      const kept = await createStatus(api.dataSource, alice.account);
      const deleted = await createStatus(api.dataSource, alice.account);
      const blockedAuthor = await createStatus(api.dataSource, author.account, {
        visibility: StatusVisibility.Private,
      });
      for (const status of [kept, deleted, blockedAuthor]) await mark(carol, status.id);
      await api.dataSource.query(`UPDATE statuses SET deleted_at = now() WHERE id = $1`, [
        deleted.id,
      ]);
      await insertBlock(api.dataSource, author.account, carol.account);
      expect(ids((await list(carol).expect(200)).body)).toEqual([kept.id]);
    });

    it(`needs a user token with read:${kind}`, async () => {
      await api.http.get(`/api/v1/${kind}`).expect(401);
      const wrong = await tokenWithScopes(api.dataSource, bob, 'read:statuses write');
      await api.http.get(`/api/v1/${kind}`).set('Authorization', wrong).expect(403);
      const right = await tokenWithScopes(api.dataSource, bob, `read:${kind}`);
      await api.http.get(`/api/v1/${kind}`).set('Authorization', right).expect(200);
      await list(bob, '?max_id=nope').expect(422);
    });
  });
}
