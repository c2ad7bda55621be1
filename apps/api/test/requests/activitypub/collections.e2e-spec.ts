import { OrderedCollection, OrderedCollectionPage } from '@fedify/vocab';
import { preloadedContexts } from '@fedify/vocab-runtime';
import { Account, AccountStat, StatusVisibility } from '@nestodon/domain';
import {
  createLocalAccount,
  createReblog,
  createRemoteAccount,
  createStatus,
  insertFollow,
} from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';

const AP = 'application/activity+json';
const BASE = 'https://nestodon.test';

const bundledOnly = async (url: string) => {
  if (!(url in preloadedContexts)) throw new Error(`unexpected fetch of ${url}`);
  return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
};
const parseOptions = { contextLoader: bundledOnly, documentLoader: bundledOnly };

describe('account collections', () => {
  let api: ApiHarness;
  let alice: Account;
  let hidden: Account;
  let remotes: Account[];

  const get = (path: string) => api.http.get(path).set('Accept', AP);
  /** A page by the URL the collection links to (absolute, on the configured origin). */
  const follow = (url: string) => get(url.slice(BASE.length));

  beforeAll(async () => {
    api = await startApi();
    ({ account: alice } = await createLocalAccount(api.dataSource, { username: 'alice' }));
    ({ account: hidden } = await createLocalAccount(api.dataSource, {
      username: 'shy',
      hideCollections: true,
    }));
    remotes = [];
    for (let i = 0; i < 41; i++) {
      remotes.push(await createRemoteAccount(api.dataSource, { username: `fan${i}` }));
    }
    for (const fan of remotes) await insertFollow(api.dataSource, fan, alice);
    await insertFollow(api.dataSource, hidden, alice);
    await insertFollow(api.dataSource, alice, remotes[0]);
    await insertFollow(api.dataSource, remotes[0], hidden);
    await api.dataSource.getRepository(AccountStat).save([
      { accountId: alice.id, followersCount: 42, followingCount: 1, statusesCount: 3 },
      { accountId: hidden.id, followersCount: 1, followingCount: 0 },
    ]);
  });
  afterAll(() => api.close());

  it('pages followers, newest first, forty to a page', async () => {
    const collection = await get('/users/alice/followers').expect(200);
    expect(collection.body).toMatchObject({
      id: `${BASE}/users/alice/followers`,
      type: 'OrderedCollection',
      totalItems: 42,
      first: expect.stringContaining(`${BASE}/users/alice/followers?`),
    });
    const first = await follow(collection.body.first).expect(200);
    expect(first.body).toMatchObject({
      type: 'OrderedCollectionPage',
      partOf: `${BASE}/users/alice/followers`,
    });
    expect(first.body.orderedItems).toHaveLength(40);
    expect(first.body.orderedItems[0]).toBe(`${BASE}/users/shy`);
    expect(first.body.orderedItems[1]).toBe(remotes[40].uri);
    const second = await follow(first.body.next).expect(200);
    // Forty-two followers: shy and the 41 fans; the last page has the two oldest fans.
    expect(second.body.orderedItems).toEqual([remotes[1].uri, remotes[0].uri]);
    expect(second.body.next).toBeUndefined();

    const parsed = await OrderedCollectionPage.fromJsonLd(first.body, parseOptions);
    expect(parsed.itemIds).toHaveLength(40);
  });

  it('pages the accounts followed', async () => {
    const collection = await get('/users/alice/following').expect(200);
    expect(collection.body).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
    const first = await follow(collection.body.first).expect(200);
    expect(first.body.orderedItems).toEqual([remotes[0].uri]);
  });

  it('publishes only the sizes of hidden networks', async () => {
    for (const [name, total] of [
      ['followers', 1],
      ['following', 0],
    ] as const) {
      const res = await get(`/users/shy/${name}`).expect(200);
      expect(res.body).toMatchObject({
        id: `${BASE}/users/shy/${name}`,
        type: 'OrderedCollection',
        totalItems: total,
      });
      expect(res.body.first).toBeUndefined();
      expect(res.body.orderedItems).toBeUndefined();
      await get(`/users/shy/${name}?cursor=first`).expect(404);
    }
    const parsed = await OrderedCollection.fromJsonLd(
      (await get('/users/shy/followers')).body,
      parseOptions,
    );
    expect(parsed.totalItems).toBe(1);
  });

  it('serves the outbox: public and unlisted posts as Create, boosts as Announce', async () => {
    const { account: poster } = await createLocalAccount(api.dataSource, { username: 'poster' });
    const original = await createStatus(api.dataSource, remotes[1], {
      uri: 'https://remote.example/statuses/boosted',
    });
    const publicStatus = await createStatus(api.dataSource, poster);
    const unlisted = await createStatus(api.dataSource, poster, {
      visibility: StatusVisibility.Unlisted,
    });
    await createStatus(api.dataSource, poster, { visibility: StatusVisibility.Private });
    await createStatus(api.dataSource, poster, { visibility: StatusVisibility.Direct });
    const boost = await createReblog(api.dataSource, poster, original);
    await api.dataSource
      .getRepository(AccountStat)
      .save({ accountId: poster.id, statusesCount: 4 });

    const collection = await get('/users/poster/outbox').expect(200);
    expect(collection.body).toMatchObject({
      id: `${BASE}/users/poster/outbox`,
      type: 'OrderedCollection',
      totalItems: 4,
    });
    const page = await follow(collection.body.first).expect(200);
    const items = page.body.orderedItems as Array<{ id: string; type: string; object: unknown }>;
    expect(items.map((item) => item.id)).toEqual([
      `${BASE}/users/poster/statuses/${boost.id}/activity`,
      `${BASE}/users/poster/statuses/${unlisted.id}/activity`,
      `${BASE}/users/poster/statuses/${publicStatus.id}/activity`,
    ]);
    expect(items.map((item) => item.type)).toEqual(['Announce', 'Create', 'Create']);
    expect(items[0].object).toBe(original.uri);
    expect(items[2].object).toMatchObject({
      id: `${BASE}/users/poster/statuses/${publicStatus.id}`,
      type: 'Note',
    });
  });

  it('pages the outbox by status', async () => {
    const { account: prolific } = await createLocalAccount(api.dataSource, {
      username: 'prolific',
    });
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push(await createStatus(api.dataSource, prolific));
    const collection = await get('/users/prolific/outbox').expect(200);
    const first = await follow(collection.body.first).expect(200);
    expect(first.body.orderedItems).toHaveLength(20);
    const second = await follow(first.body.next).expect(200);
    expect(second.body.orderedItems.map((item: { id: string }) => item.id)).toEqual([
      `${BASE}/users/prolific/statuses/${statuses[0].id}/activity`,
    ]);
  });

  it('features pinned public statuses and featured hashtags', async () => {
    const { account: pinner } = await createLocalAccount(api.dataSource, { username: 'pinner' });
    const pinned = await createStatus(api.dataSource, pinner);
    const pinnedPrivate = await createStatus(api.dataSource, pinner, {
      visibility: StatusVisibility.Private,
    });
    await createStatus(api.dataSource, pinner);
    for (const status of [pinned, pinnedPrivate]) {
      await api.dataSource.query(
        `INSERT INTO status_pins (account_id, status_id) VALUES ($1, $2)`,
        [pinner.id, status.id],
      );
    }
    const featured = await get('/users/pinner/collections/featured').expect(200);
    expect(featured.body).toMatchObject({
      id: `${BASE}/users/pinner/collections/featured`,
      type: 'OrderedCollection',
      orderedItems: [{ id: `${BASE}/users/pinner/statuses/${pinned.id}`, type: 'Note' }],
    });

    await api.dataSource.query(`INSERT INTO tags (name) VALUES ('cats')`);
    await api.dataSource.query(
      `INSERT INTO featured_tags (account_id, tag_id, name)
       SELECT $1, id, 'Cats' FROM tags WHERE name = 'cats'`,
      [pinner.id],
    );
    const tags = await get('/users/pinner/collections/tags').expect(200);
    expect(tags.body).toMatchObject({
      id: `${BASE}/users/pinner/collections/tags`,
      orderedItems: [{ type: 'Hashtag', name: '#Cats', href: `${BASE}/@pinner/tagged/Cats` }],
    });
  });

  it('is 404 for the collections of unknown accounts and for bad cursors', async () => {
    for (const name of [
      'followers',
      'following',
      'outbox',
      'collections/featured',
      'collections/tags',
    ]) {
      await get(`/users/nobody/${name}`).expect(404);
    }
    await get('/users/alice/followers?cursor=bogus').expect(404);
    await get('/users/alice/outbox?cursor=bogus').expect(404);
  });
});
