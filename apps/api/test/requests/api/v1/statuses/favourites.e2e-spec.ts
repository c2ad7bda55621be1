import { StatusStat, StatusVisibility } from '@nestodon/domain';
import { createStatus, insertBlock, insertFollow } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('POST /api/v1/statuses/:id/favourite and /unfavourite', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const act = (actor: Actor, id: string, action: 'favourite' | 'unfavourite') =>
    api.http.post(`/api/v1/statuses/${id}/${action}`).set('Authorization', actor.auth);
  const count = async (id: string) =>
    (await api.dataSource.getRepository(StatusStat).findOneBy({ statusId: id }))?.favouritesCount ??
    0;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  it('favourites once (idempotent) and unfavourites, with exact counters', async () => {
    const status = await postStatus(api.http, alice, { status: 'like me' });
    const first = await act(bob, status.id, 'favourite').expect(200);
    expect(first.body).toMatchObject({ id: status.id, favourited: true, favourites_count: 1 });
    const again = await act(bob, status.id, 'favourite').expect(200);
    expect(again.body).toMatchObject({ favourited: true, favourites_count: 1 });
    const undone = await act(bob, status.id, 'unfavourite').expect(200);
    expect(undone.body).toMatchObject({ favourited: false, favourites_count: 0 });
    const undoneAgain = await act(bob, status.id, 'unfavourite').expect(200);
    expect(undoneAgain.body).toMatchObject({ favourited: false, favourites_count: 0 });
  });

  it('keeps favourites_count exact under concurrency', async () => {
    const status = await postStatus(api.http, alice, { status: 'popular' });
    const fans = await Promise.all(
      Array.from({ length: 12 }, () => createActor(api.dataSource, {})),
    );
    // Everyone at once, each twice.
    await Promise.all(
      [...fans, ...fans].map((fan) => act(fan, status.id, 'favourite').expect(200)),
    );
    expect(await count(status.id)).toBe(12);
    await Promise.all(
      [...fans.slice(0, 5), ...fans.slice(0, 5)].map((fan) =>
        act(fan, status.id, 'unfavourite').expect(200),
      ),
    );
    expect(await count(status.id)).toBe(7);
    const shown = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
    expect(shown.body.favourites_count).toBe(7);
  });

  it('favourites the original when given a reblog', async () => {
    const status = await postStatus(api.http, alice, { status: 'original' });
    const reblog = await api.http
      .post(`/api/v1/statuses/${status.id}/reblog`)
      .set('Authorization', bob.auth)
      .expect(200);
    const carol = await createActor(api.dataSource, {});
    const res = await act(carol, reblog.body.id, 'favourite').expect(200);
    expect(res.body.id).toBe(reblog.body.id);
    expect(res.body.reblog).toMatchObject({ id: status.id, favourited: true, favourites_count: 1 });
  });

  it('answers 404 for statuses the account cannot see, and unfavouriting leaks nothing', async () => {
    const hidden = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Private,
    });
    await act(bob, hidden.id, 'favourite').expect(404);
    await act(bob, hidden.id, 'unfavourite').expect(404);
    await act(bob, '123', 'favourite').expect(404);
    await act(bob, 'x', 'unfavourite').expect(404);
    // A favourite made while visible, then the author blocks: the status is gone for the fan.
    const dave = await createActor(api.dataSource, {});
    await insertFollow(api.dataSource, dave.account, alice.account);
    await act(dave, hidden.id, 'favourite').expect(200);
    await insertBlock(api.dataSource, alice.account, dave.account);
    const res = await act(dave, hidden.id, 'unfavourite').expect(404);
    expect(res.body).toEqual({ error: 'Record not found' });
  });

  it('needs a user token with write:favourites', async () => {
    const status = await createStatus(api.dataSource, alice.account);
    await api.http.post(`/api/v1/statuses/${status.id}/favourite`).expect(401);
    await api.http.post(`/api/v1/statuses/${status.id}/unfavourite`).expect(401);
    const wrong = await tokenWithScopes(api.dataSource, bob, 'read write:statuses');
    await api.http
      .post(`/api/v1/statuses/${status.id}/favourite`)
      .set('Authorization', wrong)
      .expect(403);
    await api.http
      .post(`/api/v1/statuses/${status.id}/unfavourite`)
      .set('Authorization', wrong)
      .expect(403);
    const right = await tokenWithScopes(api.dataSource, bob, 'write:favourites');
    await api.http
      .post(`/api/v1/statuses/${status.id}/favourite`)
      .set('Authorization', right)
      .expect(200);
  });
});
