import { createPublicKey } from 'node:crypto';
import { Application, Person, Service } from '@fedify/vocab';
import { preloadedContexts } from '@fedify/vocab-runtime';
import { ChangeSettingsService } from '@nestodon/core';
import { Account, AccountRepository, AccountStat, CustomEmoji, User } from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import mastodonActor from '../../fixtures/activitypub/mastodon/actor-person.json';
import mastodonNodeInfo from '../../fixtures/activitypub/mastodon/nodeinfo-2.0.json';
import mastodonWebFinger from '../../fixtures/activitypub/mastodon/webfinger-activitypub.json';
import { ApiHarness, startApi } from '../../support/api-harness';

const AP = 'application/activity+json';
const LD = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const BASE = 'https://nestodon.test';

/** Parses with Fedify offline: only the contexts Fedify bundles may be used. */
const bundledOnly = async (url: string) => {
  if (!(url in preloadedContexts)) throw new Error(`unexpected fetch of ${url}`);
  return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
};
const parseOptions = { contextLoader: bundledOnly, documentLoader: bundledOnly };

/** The properties a document has, ignoring JSON-LD plumbing and empty values. */
const propertiesOf = (document: object, ignored: string[] = []) =>
  Object.entries(document)
    .filter(([key]) => !key.startsWith('@') && !ignored.includes(key))
    .filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0))
    .map(([key]) => key);

describe('WebFinger and host-meta', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi();
    await createLocalAccount(api.dataSource, { username: 'alice' });
    await createLocalAccount(api.dataSource, { username: 'pending' }, { confirmedAt: null });
    await createRemoteAccount(api.dataSource, { username: 'carol', domain: 'remote.example' });
  });
  afterAll(() => api.close());

  const webfinger = (resource: string) =>
    api.http.get('/.well-known/webfinger').query({ resource });

  it('answers acct: resources of local accounts with their actor and profile page', async () => {
    const res = await webfinger('acct:alice@nestodon.test').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/jrd\+json/);
    expect(res.body).toEqual({
      subject: 'acct:alice@nestodon.test',
      aliases: [`${BASE}/users/alice`],
      links: [
        { rel: 'self', type: AP, href: `${BASE}/users/alice` },
        { rel: 'http://webfinger.net/rel/profile-page', href: `${BASE}/@alice` },
      ],
    });
    // Mastodon reads these members of the document.
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(mastodonWebFinger).sort());
  });

  it('finds the account whatever the case of the name, and by actor or profile URL', async () => {
    for (const resource of ['acct:ALICE@nestodon.test', `${BASE}/users/alice`, `${BASE}/@alice`]) {
      const res = await webfinger(resource).expect(200);
      expect(res.body.links[0]).toEqual({ rel: 'self', type: AP, href: `${BASE}/users/alice` });
    }
  });

  it('resolves the instance actor as Mastodon names it', async () => {
    const res = await webfinger('acct:nestodon.test@nestodon.test').expect(200);
    expect(res.body.links[0]).toEqual({ rel: 'self', type: AP, href: `${BASE}/actor` });
  });

  it('is 404 for unknown, unconfirmed and remote accounts and other domains', async () => {
    for (const resource of [
      'acct:nobody@nestodon.test',
      'acct:pending@nestodon.test',
      'acct:carol@remote.example',
      'acct:alice@elsewhere.example',
      `${BASE}/users/nobody`,
      `${BASE}/@nobody`,
      'https://elsewhere.example/@alice',
    ]) {
      await webfinger(resource).expect(404);
    }
  });

  it('is 400 without a usable resource', async () => {
    await api.http.get('/.well-known/webfinger').expect(400);
    await webfinger('not a uri').expect(400);
  });

  it('serves host-meta pointing at WebFinger', async () => {
    const res = await api.http.get('/.well-known/host-meta').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xrd\+xml/);
    expect(res.text).toContain(
      `<Link rel="lrdd" template="${BASE}/.well-known/webfinger?resource={uri}"/>`,
    );
  });
});

describe('NodeInfo', () => {
  let api: ApiHarness;
  let closed: ApiHarness;

  beforeAll(async () => {
    [api, closed] = await Promise.all([
      startApi(),
      startApi({ env: { REGISTRATIONS_MODE: 'none' } }),
    ]);
    const { account } = await createLocalAccount(api.dataSource, { username: 'alice' });
    await createLocalAccount(api.dataSource, {}, { currentSignInAt: new Date() });
    await createLocalAccount(api.dataSource, {}, { confirmedAt: null });
    await api.dataSource
      .getRepository(AccountStat)
      .save({ accountId: account.id, statusesCount: 7 });
  });
  afterAll(() => Promise.all([api.close(), closed.close()]));

  it('links the 2.1 document from the well-known document', async () => {
    const res = await api.http.get('/.well-known/nodeinfo').expect(200);
    expect(res.body.links).toEqual([
      expect.objectContaining({
        rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1',
        href: `${BASE}/nodeinfo/2.1`,
      }),
    ]);
  });

  it('describes the server honestly, with usage from the instance statistics', async () => {
    const res = await api.http.get('/nodeinfo/2.1').expect(200);
    expect(res.body).toMatchObject({
      version: '2.1',
      software: {
        name: 'nestodon',
        version: '0.1.0',
        repository: 'https://github.com/nestodon/nestodon',
      },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: { users: { total: 2, activeMonth: 1, activeHalfyear: 1 }, localPosts: 7 },
      metadata: { nodeName: 'Nestodon' },
    });
  });

  it('serves 2.0 as Mastodon does, with its members', async () => {
    const res = await api.http.get('/nodeinfo/2.0').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      version: '2.0',
      software: { name: 'nestodon', version: '0.1.0' },
      usage: { users: { total: 2 }, localPosts: 7 },
    });
    expect(res.body.software.repository).toBeUndefined();
    expect(Object.keys(mastodonNodeInfo).every((key) => key in res.body)).toBe(true);
  });

  it('tells when registrations are closed, by configuration or by the runtime setting', async () => {
    const res = await closed.http.get('/nodeinfo/2.1').expect(200);
    expect(res.body.openRegistrations).toBe(false);
    const legacy = await closed.http.get('/nodeinfo/2.0').expect(200);
    expect(legacy.body.openRegistrations).toBe(false);

    await api.app.get(ChangeSettingsService).call({ registrationsMode: 'none' });
    expect((await api.http.get('/nodeinfo/2.1').expect(200)).body.openRegistrations).toBe(false);
    await api.app.get(ChangeSettingsService).call({ registrationsMode: 'approved' });
    expect((await api.http.get('/nodeinfo/2.1').expect(200)).body.openRegistrations).toBe(true);
  });
});

describe('actors', () => {
  let api: ApiHarness;
  let alice: Account;

  beforeAll(async () => {
    api = await startApi();
    const emoji = await api.dataSource.getRepository(CustomEmoji).save({
      shortcode: 'blobcat',
      domain: null,
      imageFileName: 'blobcat.png',
      imageContentType: 'image/png',
    });
    expect(emoji.id).toBeDefined();
    ({ account: alice } = await createLocalAccount(api.dataSource, {
      username: 'alice',
      displayName: 'Alice :blobcat:',
      note: 'Hello, #fediverse',
      locked: true,
      discoverable: true,
      indexable: true,
      fields: [{ name: 'Site', value: 'https://alice.example', verified_at: null }],
      avatarFileName: 'avatar.png',
      avatarContentType: 'image/png',
      headerFileName: 'header.jpg',
      headerContentType: 'image/jpeg',
      createdAt: new Date('2024-05-06T07:08:09Z'),
    }));
    await createLocalAccount(api.dataSource, { username: 'robot', actorType: 'Service' });
    await createLocalAccount(api.dataSource, {
      username: 'gone',
      displayName: 'Suspended',
      suspendedAt: new Date(),
    });
    const { account: newHome } = await createLocalAccount(api.dataSource, { username: 'newhome' });
    await createLocalAccount(api.dataSource, {
      username: 'mover',
      movedToAccountId: newHome.id,
      memorial: true,
    });
    await createLocalAccount(api.dataSource, { username: 'unconfirmed' }, { confirmedAt: null });
  });
  afterAll(() => api.close());

  const actor = (path: string, accept = AP) => api.http.get(path).set('Accept', accept);

  it('serves a local account as a Person with every Mastodon property', async () => {
    const res = await actor('/users/alice').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/activity\+json/);
    const id = `${BASE}/users/alice`;
    expect(res.body).toMatchObject({
      id,
      type: 'Person',
      preferredUsername: 'alice',
      name: 'Alice :blobcat:',
      summary: expect.stringContaining('fediverse'),
      url: `${BASE}/@alice`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      following: `${id}/following`,
      featured: `${id}/collections/featured`,
      featuredTags: `${id}/collections/tags`,
      endpoints: { sharedInbox: `${BASE}/inbox` },
      manuallyApprovesFollowers: true,
      discoverable: true,
      indexable: true,
      published: '2024-05-06T00:00:00Z',
      publicKey: { id: `${id}#main-key`, owner: id },
      attachment: {
        type: 'PropertyValue',
        name: 'Site',
        value: expect.stringContaining('href="https://alice.example"'),
      },
      icon: {
        type: 'Image',
        mediaType: 'image/png',
        url: expect.stringMatching(/\/accounts\/avatars\/.+\/original\/avatar\.png$/),
      },
      image: {
        type: 'Image',
        mediaType: 'image/jpeg',
        url: expect.stringMatching(/\/accounts\/headers\/.+\/original\/header\.jpg$/),
      },
      tag: {
        type: 'Emoji',
        name: ':blobcat:',
        id: expect.stringMatching(new RegExp(`^${BASE}/emojis/\\d+$`)),
        icon: { type: 'Image', mediaType: 'image/png', url: expect.stringContaining('blobcat') },
      },
    });
    // Everything Mastodon's actor has, ours has (its end-to-end encryption devices aside).
    const ours = propertiesOf(res.body);
    expect(ours).toEqual(expect.arrayContaining(propertiesOf(mastodonActor, ['devices'])));
  });

  it('publishes the stored keys: RSA for HTTP Signatures, Ed25519 for integrity proofs', async () => {
    const res = await actor('/users/alice').expect(200);
    const keys = (await api.app.get(AccountRepository).localActorKeys(alice.id))!;
    expect(res.body.publicKey.publicKeyPem).toBe(
      createPublicKey(keys.rsaPublicKey).export({ type: 'spki', format: 'pem' }),
    );
    const parsed = await Person.fromJsonLd(res.body, parseOptions);
    const methods = [];
    for await (const method of parsed.getAssertionMethods()) methods.push(method);
    const algorithms = methods.map((method) => method.publicKey?.algorithm.name);
    expect(algorithms).toContain('Ed25519');
    const ed25519 = methods.find((method) => method.publicKey?.algorithm.name === 'Ed25519')!;
    expect(Buffer.from(await crypto.subtle.exportKey('spki', ed25519.publicKey!))).toEqual(
      createPublicKey(keys.ed25519PublicKey).export({ type: 'spki', format: 'der' }),
    );
  });

  it('round-trips through Fedify with its values intact', async () => {
    const res = await actor('/users/alice').expect(200);
    const parsed = await Person.fromJsonLd(res.body, parseOptions);
    expect(parsed.id?.href).toBe(`${BASE}/users/alice`);
    expect(parsed.preferredUsername).toBe('alice');
    expect(parsed.manuallyApprovesFollowers).toBe(true);
    expect(parsed.inboxId?.href).toBe(`${BASE}/users/alice/inbox`);
    expect(parsed.endpoints?.sharedInbox?.href).toBe(`${BASE}/inbox`);
    expect(parsed.featuredTagsId?.href).toBe(`${BASE}/users/alice/collections/tags`);
    const key = await parsed.getPublicKey();
    expect(key?.ownerId?.href).toBe(`${BASE}/users/alice`);
  });

  it('answers ActivityPub requests on the profile page, and sends browsers there', async () => {
    for (const accept of [AP, LD]) {
      const res = await actor('/@alice', accept).expect(200);
      expect(res.body.id).toBe(`${BASE}/users/alice`);
    }
    const browser = await actor('/users/alice', 'text/html').expect(302);
    expect(browser.headers.location).toBe('/@alice');
    // Browsers get the HTML profile page (test/requests/public-pages.e2e-spec.ts).
    const page = await actor('/@alice', 'text/html').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves bots as Service, and moved and memorial accounts as such', async () => {
    expect((await actor('/users/robot').expect(200)).body.type).toBe('Service');
    const mover = await actor('/users/mover').expect(200);
    expect(mover.body).toMatchObject({ movedTo: `${BASE}/users/newhome`, memorial: true });
    expect(await Person.fromJsonLd(mover.body, parseOptions)).toBeInstanceOf(Person);
    expect(
      (await Service.fromJsonLd((await actor('/users/robot')).body, parseOptions)).id?.href,
    ).toBe(`${BASE}/users/robot`);
  });

  it('keeps only what identifies a suspended account', async () => {
    const res = await actor('/users/gone').expect(200);
    expect(res.body).toMatchObject({ id: `${BASE}/users/gone`, suspended: true, name: '' });
    expect(res.body.publicKey).toBeDefined();
    expect(res.body.icon).toBeUndefined();
    expect(res.body.attachment).toBeUndefined();
  });

  it('is 404 for unknown and unconfirmed accounts', async () => {
    await actor('/users/nobody').expect(404);
    await actor('/users/unconfirmed').expect(404);
    await actor('/@nobody').expect(404);
  });

  it('gives accounts that predate their keys both pairs on first fetch', async () => {
    const { account } = await createLocalAccount(api.dataSource, { username: 'oldtimer' });
    const repository = api.app.get(AccountRepository);
    expect(await repository.localActorKeys(account.id)).toBeNull();
    const res = await actor('/users/oldtimer').expect(200);
    const keys = await repository.localActorKeys(account.id);
    expect(keys?.ed25519PublicKey).toContain('BEGIN PUBLIC KEY');
    expect(res.body.publicKey.publicKeyPem).toBe(keys!.rsaPublicKey);
    // The user is untouched.
    expect(await api.dataSource.getRepository(User).countBy({ accountId: account.id })).toBe(1);
  });

  it('serves the instance actor at /actor as an Application with its own keys', async () => {
    const res = await actor('/actor').expect(200);
    expect(res.body).toMatchObject({
      id: `${BASE}/actor`,
      type: 'Application',
      preferredUsername: 'nestodon.test',
      inbox: `${BASE}/actor/inbox`,
      endpoints: { sharedInbox: `${BASE}/inbox` },
      manuallyApprovesFollowers: true,
      publicKey: { id: `${BASE}/actor#main-key`, owner: `${BASE}/actor` },
    });
    const again = await actor('/actor').expect(200);
    expect(again.body.publicKey.publicKeyPem).toBe(res.body.publicKey.publicKeyPem);
    const alice = await actor('/users/alice').expect(200);
    expect(res.body.publicKey.publicKeyPem).not.toBe(alice.body.publicKey.publicKeyPem);
    expect(await Application.fromJsonLd(res.body, parseOptions)).toBeInstanceOf(Application);
  });
});
