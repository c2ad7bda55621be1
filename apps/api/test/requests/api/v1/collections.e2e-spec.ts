import { createRemoteAccount, insertBlock } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Actor, createActor, tokenWithScopes } from '../../../support/statuses';

describe('collections (Mastodon 4.6, issue 15)', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  beforeAll(async () => {
    api = await startApi();
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob', discoverable: true });
    carol = await createActor(api.dataSource, { username: 'carol', discoverable: true });
  });
  afterAll(() => api.close());

  const create = (actor: Actor | string, body: Record<string, unknown>) =>
    api.http
      .post('/api/v1/collections')
      .set('Authorization', typeof actor === 'string' ? actor : actor.auth)
      .send(body);

  it('creates a collection with the accounts it features, and shows it', async () => {
    const res = await create(alice, {
      name: 'Good people',
      description: 'Follow them: https://example.com',
      language: 'en',
      tag_name: '#Friends',
      account_ids: [bob.account.id, carol.account.id],
    }).expect(200);
    const collection = res.body.collection;
    expect(collection).toMatchObject({
      account_id: alice.account.id,
      uri: `https://nestodon.test/users/alice/featured_collections/${collection.id}`,
      url: null,
      name: 'Good people',
      language: 'en',
      local: true,
      sensitive: false,
      discoverable: true,
      item_count: 2,
      tag: { name: 'Friends', url: 'https://nestodon.test/tags/friends' },
      items: [
        { state: 'accepted', account_id: bob.account.id },
        { state: 'accepted', account_id: carol.account.id },
      ],
    });
    expect(collection.description).toContain('<a href="https://example.com"');
    const shown = await api.http.get(`/api/v1/collections/${collection.id}`).expect(200);
    expect(shown.body.collection.id).toBe(collection.id);
    expect(shown.body.accounts.map((account: { id: string }) => account.id)).toEqual([
      alice.account.id,
      bob.account.id,
      carol.account.id,
    ]);
  });

  it('changes, lists, adds, removes and deletes', async () => {
    const { body } = await create(alice, { name: 'Mine', description: 'x' }).expect(200);
    const id = body.collection.id;
    const hidden = await create(alice, {
      name: 'Hidden',
      description: 'y',
      discoverable: false,
    }).expect(200);
    const patched = await api.http
      .patch(`/api/v1/collections/${id}`)
      .set('Authorization', alice.auth)
      .send({ name: 'Renamed', sensitive: true, tag_name: '' })
      .expect(200);
    expect(patched.body.collection).toMatchObject({ name: 'Renamed', sensitive: true, tag: null });
    await api.http
      .put(`/api/v1/collections/${id}`)
      .set('Authorization', alice.auth)
      .send({ description: 'Put works too' })
      .expect(200);

    const added = await api.http
      .post(`/api/v1/collections/${id}/items`)
      .set('Authorization', alice.auth)
      .send({ account_id: bob.account.id })
      .expect(200);
    expect(added.body).toEqual({
      collection_item: {
        id: expect.any(String),
        account_id: bob.account.id,
        state: 'accepted',
        created_at: expect.any(String),
      },
    });
    const remote = await createRemoteAccount(api.dataSource, { domain: 'far.example' });
    const pending = await api.http
      .post(`/api/v1/collections/${id}/items`)
      .set('Authorization', alice.auth)
      .send({ account_id: remote.id })
      .expect(200);
    expect(pending.body.collection_item).toMatchObject({ state: 'pending', account_id: null });

    // Others see the discoverable ones; the owner sees all.
    const forOthers = await api.http
      .get(`/api/v1/accounts/${alice.account.id}/collections`)
      .expect(200);
    const names = forOthers.body.collections.map((c: { name: string }) => c.name);
    expect(names).toContain('Renamed');
    expect(names).not.toContain('Hidden');
    const forOwner = await api.http
      .get(`/api/v1/accounts/${alice.account.id}/collections?limit=1`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(forOwner.body.collections).toHaveLength(1);
    expect(forOwner.headers.link).toMatch(/offset=1.*rel="next"/);
    // The hidden one is still reachable by its link.
    await api.http.get(`/api/v1/collections/${hidden.body.collection.id}`).expect(200);

    const featuring = await api.http
      .get(`/api/v1/accounts/${bob.account.id}/in_collections`)
      .set('Authorization', carol.auth)
      .expect(200);
    expect(featuring.body.collections.map((c: { id: string }) => c.id)).toContain(id);

    await api.http
      .delete(`/api/v1/collections/${id}/items/${added.body.collection_item.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    await api.http
      .delete(`/api/v1/collections/${id}/items/${added.body.collection_item.id}`)
      .set('Authorization', alice.auth)
      .expect(404);
    await api.http.delete(`/api/v1/collections/${id}`).set('Authorization', alice.auth).expect(200);
    await api.http.get(`/api/v1/collections/${id}`).expect(404);
  });

  it('lets the featured account revoke its item', async () => {
    const { body } = await create(alice, {
      name: 'Revocable',
      description: 'x',
      account_ids: [carol.account.id],
    }).expect(200);
    const [item] = body.collection.items;
    const path = `/api/v1/collections/${body.collection.id}/items/${item.id}/revoke`;
    await api.http.post(path).set('Authorization', bob.auth).expect(403);
    await api.http.post(path).set('Authorization', carol.auth).expect(200);
    const shown = await api.http.get(`/api/v1/collections/${body.collection.id}`).expect(200);
    expect(shown.body.collection.items).toEqual([
      expect.objectContaining({ id: item.id, state: 'revoked', account_id: null }),
    ]);
  });

  it('refuses accounts the owner may not feature (403), and too many (422)', async () => {
    const hidden = await createActor(api.dataSource, { discoverable: false });
    const refused = await create(alice, {
      name: 'x',
      description: 'y',
      account_ids: [hidden.account.id],
    }).expect(403);
    expect(refused.body.error).toMatch(/cannot be added to collections/);
    const blocker = await createActor(api.dataSource, { discoverable: true });
    await insertBlock(api.dataSource, blocker.account, alice.account);
    await create(alice, {
      name: 'x',
      description: 'y',
      account_ids: [blocker.account.id],
    }).expect(403);
    await create(alice, { name: 'x', description: 'y', account_ids: ['123456'] }).expect(404);
    const many = await Promise.all(
      Array.from({ length: 26 }, () => createActor(api.dataSource, { discoverable: true })),
    );
    const full = await create(alice, {
      name: 'x',
      description: 'y',
      account_ids: many.map((actor) => actor.account.id),
    }).expect(422);
    expect(full.body.error).toMatch(/Collection items are too many \(maximum is 25\)/);
  });

  it('answers 422 for missing or bad attributes', async () => {
    const blank = await create(alice, { description: '' }).expect(422);
    expect(Object.keys(blank.body.details).sort()).toEqual(['description', 'name']);
    await create(alice, { name: 'x', description: 'y', language: 'zz' }).expect(422);
    await create(alice, { name: 'x', description: 'y', tag_name: 'not a tag!' }).expect(422);
    await create(alice, { name: ['x'], description: 'y' }).expect(422);
    const { body } = await create(alice, { name: 'n', description: 'd' }).expect(200);
    await api.http
      .patch(`/api/v1/collections/${body.collection.id}`)
      .set('Authorization', alice.auth)
      .send({ name: '' })
      .expect(422);
    await api.http
      .post(`/api/v1/collections/${body.collection.id}/items`)
      .set('Authorization', alice.auth)
      .send({})
      .expect(422);
  });

  it('answers 403 to others’ writes, 404 for what they may not see, 401 and 403 by token', async () => {
    const { body } = await create(alice, { name: 'n', description: 'd' }).expect(200);
    const id = body.collection.id;
    await api.http
      .patch(`/api/v1/collections/${id}`)
      .set('Authorization', bob.auth)
      .send({ name: 'mine now' })
      .expect(403);
    await api.http.delete(`/api/v1/collections/${id}`).set('Authorization', bob.auth).expect(403);
    await api.http
      .post(`/api/v1/collections/${id}/items`)
      .set('Authorization', bob.auth)
      .send({ account_id: carol.account.id })
      .expect(403);
    const blocked = await createActor(api.dataSource, {});
    await insertBlock(api.dataSource, alice.account, blocked.account);
    await api.http.get(`/api/v1/collections/${id}`).set('Authorization', blocked.auth).expect(404);
    await api.http.get('/api/v1/collections/123456').expect(404);
    await api.http.get('/api/v1/accounts/123456/collections').expect(404);

    await create('', { name: 'n', description: 'd' }).expect(401);
    await api.http.get(`/api/v1/accounts/${alice.account.id}/in_collections`).expect(401);
    const readOnly = await tokenWithScopes(api.dataSource, alice, 'read');
    await create(readOnly, { name: 'n', description: 'd' }).expect(403);
    const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
    await api.http
      .get(`/api/v1/accounts/${alice.account.id}/in_collections`)
      .set('Authorization', writeOnly)
      .expect(403);
    await api.http.get(`/api/v1/collections/${id}`).set('Authorization', writeOnly).expect(403);
  });
});
