import { StatusVisibility } from '@nestodon/domain';
import { createReblog, createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, tokenWithScopes } from '../../../../support/statuses';

describe('POST /api/v1/statuses/:id/pin and /unpin', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const act = (actor: Actor, id: string, action: 'pin' | 'unpin') =>
    api.http.post(`/api/v1/statuses/${id}/${action}`).set('Authorization', actor.auth);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  it('pins own public, unlisted and private statuses, shown on the profile', async () => {
    const pinned = [];
    for (const visibility of [
      StatusVisibility.Public,
      StatusVisibility.Unlisted,
      StatusVisibility.Private,
    ]) {
      const status = await createStatus(api.dataSource, alice.account, { visibility });
      const res = await act(alice, status.id, 'pin').expect(200);
      expect(res.body).toMatchObject({ id: status.id, pinned: true });
      pinned.push(status.id);
    }
    await act(alice, pinned[0], 'pin').expect(200); // already pinned: fine
    const profile = await api.http
      .get(`/api/v1/accounts/${alice.account.id}/statuses?pinned=true`)
      .expect(200);
    expect(profile.body.map((s: { id: string }) => s.id).sort()).toEqual(
      [pinned[0], pinned[1]].sort(),
    );
    const asOwner = await api.http
      .get(`/api/v1/accounts/${alice.account.id}/statuses?pinned=true`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(asOwner.body).toHaveLength(3);
    expect(asOwner.body.every((s: { pinned: boolean }) => s.pinned)).toBe(true);
    // `pinned` shows only to the author.
    const seenByBob = await api.http
      .get(`/api/v1/statuses/${pinned[0]}`)
      .set('Authorization', bob.auth)
      .expect(200);
    expect(seenByBob.body).not.toHaveProperty('pinned');
    const undone = await act(alice, pinned[0], 'unpin').expect(200);
    expect(undone.body.pinned).toBe(false);
    for (const id of pinned.slice(1)) await act(alice, id, 'unpin').expect(200);
  });

  it('refuses others’ statuses, reblogs, direct statuses and a sixth pin, with Mastodon’s messages', async () => {
    const bobs = await createStatus(api.dataSource, bob.account);
    expect((await act(alice, bobs.id, 'pin').expect(422)).body.error).toBe(
      "Validation failed: Someone else's post cannot be pinned",
    );
    const reblog = await createReblog(api.dataSource, alice.account, bobs);
    expect((await act(alice, reblog.id, 'pin').expect(422)).body.error).toBe(
      'Validation failed: A boost cannot be pinned',
    );
    const direct = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Direct,
    });
    expect((await act(alice, direct.id, 'pin').expect(422)).body.error).toBe(
      'Validation failed: Posts that are only visible to mentioned users cannot be pinned',
    );
    const five = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createStatus(api.dataSource, alice.account)),
    );
    for (const status of five) await act(alice, status.id, 'pin').expect(200);
    const sixth = await createStatus(api.dataSource, alice.account);
    expect((await act(alice, sixth.id, 'pin').expect(422)).body.error).toBe(
      'Validation failed: You have already pinned the maximum number of posts',
    );
  });

  it('holds the cap under concurrency', async () => {
    const carol = await createActor(api.dataSource, {});
    const statuses = await Promise.all(
      Array.from({ length: 8 }, () => createStatus(api.dataSource, carol.account)),
    );
    const results = await Promise.all(statuses.map((status) => act(carol, status.id, 'pin')));
    expect(results.filter((res) => res.status === 200)).toHaveLength(5);
    expect(results.filter((res) => res.status === 422)).toHaveLength(3);
  });

  it('answers 404 for hidden and unknown statuses, and needs write:accounts', async () => {
    const hidden = await createStatus(api.dataSource, bob.account, {
      visibility: StatusVisibility.Private,
    });
    await act(alice, hidden.id, 'pin').expect(404);
    await act(alice, hidden.id, 'unpin').expect(404);
    await act(alice, 'x', 'pin').expect(404);
    const status = await createStatus(api.dataSource, alice.account);
    await api.http.post(`/api/v1/statuses/${status.id}/pin`).expect(401);
    const wrong = await tokenWithScopes(api.dataSource, alice, 'read write:statuses');
    for (const action of ['pin', 'unpin']) {
      await api.http
        .post(`/api/v1/statuses/${status.id}/${action}`)
        .set('Authorization', wrong)
        .expect(403);
    }
  });
});
