import { webcrypto } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { signRequest } from '@fedify/fedify';
import { Create, Note, Question } from '@fedify/vocab';
import { exportSpki, preloadedContexts } from '@fedify/vocab-runtime';
import { Account, CustomEmoji, StatusStat, StatusVisibility } from '@nestodon/domain';
import {
  insertFollow,
  createLocalAccount,
  createMediaAttachment,
  createPoll,
  createReblog,
  createRemoteAccount,
  createStatus,
} from '@nestodon/testing';
import mastodonCreate from '../../fixtures/activitypub/mastodon/create-note-contentmap.json';
import mastodonQuestion from '../../fixtures/activitypub/mastodon/create-question-poll.json';
import { ApiHarness, startApi } from '../../support/api-harness';

const AP = 'application/activity+json';
const BASE = 'https://nestodon.test';
const PUBLIC = 'as:Public';

const bundledOnly = async (url: string) => {
  if (!(url in preloadedContexts)) throw new Error(`unexpected fetch of ${url}`);
  return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
};
const parseOptions = { contextLoader: bundledOnly, documentLoader: bundledOnly };

/** Mastodon properties we leave out on purpose: OStatus leftovers and empty values. */
const MASTODON_ONLY = ['atomUri', 'inReplyToAtomUri', 'conversation', 'signature'];
const propertiesOf = (document: object) =>
  Object.entries(document)
    .filter(([key]) => !key.startsWith('@') && !MASTODON_ONLY.includes(key))
    .filter(([, value]) => value !== null && !(Array.isArray(value) && value.length === 0))
    .map(([key]) => key);

describe('statuses as ActivityPub objects', () => {
  let api: ApiHarness;
  let alice: Account;
  let bob: Account;
  let remote: Account;

  const get = (path: string, accept = AP) => api.http.get(path).set('Accept', accept);
  const statusPath = (id: string, username = 'alice') => `/users/${username}/statuses/${id}`;

  beforeAll(async () => {
    api = await startApi();
    ({ account: alice } = await createLocalAccount(api.dataSource, { username: 'alice' }));
    ({ account: bob } = await createLocalAccount(api.dataSource, { username: 'bob' }));
    remote = await createRemoteAccount(api.dataSource, {
      username: 'carol',
      domain: 'remote.example',
    });
    await api.dataSource.getRepository(CustomEmoji).save({
      shortcode: 'blobcat',
      domain: null,
      imageFileName: 'blobcat.png',
      imageContentType: 'image/png',
    });
  });
  afterAll(() => api.close());

  it('serves a public status as a Note shaped like Mastodon', async () => {
    const parent = await createStatus(api.dataSource, remote, {
      uri: 'https://remote.example/users/carol/statuses/1',
    });
    const media = await createMediaAttachment(api.dataSource, alice, { description: 'a cat' });
    const status = await createStatus(api.dataSource, alice, {
      text: 'Hi @carol@remote.example @bob #Cats :blobcat:',
      contentHtml: '<p>Hi there</p>',
      spoilerText: 'cw',
      sensitive: true,
      language: 'en',
      inReplyToId: parent.id,
      inReplyToAccountId: remote.id,
      mentions: [remote, bob],
      orderedMediaAttachmentIds: [media.id],
      editedAt: new Date('2025-01-02T03:04:05Z'),
    });
    await api.dataSource.query(`INSERT INTO tags (name) VALUES ('cats')`);
    await api.dataSource.query(
      `INSERT INTO statuses_tags (tag_id, status_id) SELECT id, $1 FROM tags WHERE name = 'cats'`,
      [status.id],
    );
    await api.dataSource
      .getRepository(StatusStat)
      .save({ statusId: status.id, repliesCount: 1, favouritesCount: 2, reblogsCount: 3 });

    const id = `${BASE}${statusPath(status.id)}`;
    const res = await get(statusPath(status.id)).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/activity\+json/);
    expect(res.body).toMatchObject({
      id,
      type: 'Note',
      url: `${BASE}/@alice/${status.id}`,
      attributedTo: `${BASE}/users/alice`,
      to: PUBLIC,
      cc: [`${BASE}/users/alice/followers`, remote.uri, `${BASE}/users/bob`],
      summary: 'cw',
      sensitive: true,
      inReplyTo: parent.uri,
      content: '<p>Hi there</p>',
      contentMap: { en: '<p>Hi there</p>' },
      published: status.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      updated: '2025-01-02T03:04:05Z',
      attachment: {
        type: 'Document',
        mediaType: 'image/png',
        name: 'a cat',
        width: 640,
        height: 480,
        url: expect.stringContaining(`/${media.fileFileName}`),
      },
      replies: { id: `${id}/replies`, type: 'Collection', totalItems: 1 },
      likes: { id: `${id}/likes`, type: 'Collection', totalItems: 2 },
      shares: { id: `${id}/shares`, type: 'Collection', totalItems: 3 },
    });
    expect(res.body.tag).toEqual(
      expect.arrayContaining([
        { type: 'Mention', href: remote.uri, name: '@carol@remote.example' },
        { type: 'Mention', href: `${BASE}/users/bob`, name: '@bob' },
        { type: 'Hashtag', href: `${BASE}/tags/cats`, name: '#cats' },
        expect.objectContaining({ type: 'Emoji', name: ':blobcat:' }),
      ]),
    );
    const mastodonNote = mastodonCreate.object;
    expect(propertiesOf(res.body)).toEqual(expect.arrayContaining(propertiesOf(mastodonNote)));

    const parsed = await Note.fromJsonLd(res.body, parseOptions);
    expect(parsed.id?.href).toBe(id);
    expect(parsed.replyTargetId?.href).toBe(parent.uri);
    expect(parsed.toIds.map((url) => url.href)).toEqual([
      'https://www.w3.org/ns/activitystreams#Public',
    ]);
    expect(parsed.sensitive).toBe(true);
  });

  it('addresses statuses by visibility as Mastodon does', async () => {
    const unlisted = await createStatus(api.dataSource, alice, {
      visibility: StatusVisibility.Unlisted,
      mentions: [bob],
    });
    const res = await get(statusPath(unlisted.id)).expect(200);
    expect(res.body.to).toBe(`${BASE}/users/alice/followers`);
    expect(res.body.cc).toEqual([PUBLIC, `${BASE}/users/bob`]);
  });

  it('hides private and direct statuses from unsigned fetches', async () => {
    for (const visibility of [StatusVisibility.Private, StatusVisibility.Direct]) {
      const status = await createStatus(api.dataSource, alice, { visibility, mentions: [bob] });
      await get(statusPath(status.id)).expect(404);
      await get(`${statusPath(status.id)}/activity`).expect(404);
      await get(`${statusPath(status.id)}/likes`).expect(404);
    }
  });

  it('serves the Create at /activity, with the same audience', async () => {
    const status = await createStatus(api.dataSource, alice, { mentions: [remote] });
    const res = await get(`${statusPath(status.id)}/activity`).expect(200);
    expect(res.body).toMatchObject({
      id: `${BASE}${statusPath(status.id)}/activity`,
      type: 'Create',
      actor: `${BASE}/users/alice`,
      to: PUBLIC,
      cc: [`${BASE}/users/alice/followers`, remote.uri],
      object: { id: `${BASE}${statusPath(status.id)}`, type: 'Note' },
    });
    const parsed = await Create.fromJsonLd(res.body, parseOptions);
    expect((await parsed.getObject(parseOptions))?.id?.href).toBe(
      `${BASE}${statusPath(status.id)}`,
    );
  });

  it('serves a poll as a Question', async () => {
    const single = await createStatus(api.dataSource, alice, { language: 'en' });
    await createPoll(api.dataSource, single, {
      options: ['tea', 'coffee'],
      cachedTallies: [3, 1],
      votesCount: 4,
      votersCount: 4,
      expiresAt: new Date('2030-01-01T00:00:00Z'),
    });
    const res = await get(statusPath(single.id)).expect(200);
    expect(res.body).toMatchObject({
      type: 'Question',
      endTime: '2030-01-01T00:00:00Z',
      votersCount: 4,
      oneOf: [
        { type: 'Note', name: 'tea', replies: { type: 'Collection', totalItems: 3 } },
        { type: 'Note', name: 'coffee', replies: { type: 'Collection', totalItems: 1 } },
      ],
    });
    expect(propertiesOf(res.body)).toEqual(
      expect.arrayContaining(
        propertiesOf(mastodonQuestion.object).filter(
          (key) => key !== 'attachment' && key !== 'tag',
        ),
      ),
    );
    expect(await Question.fromJsonLd(res.body, parseOptions)).toBeInstanceOf(Question);

    const multiple = await createStatus(api.dataSource, alice);
    await createPoll(api.dataSource, multiple, { multiple: true });
    const anyOf = await get(statusPath(multiple.id)).expect(200);
    expect(anyOf.body.anyOf).toHaveLength(2);
    expect(anyOf.body.oneOf).toBeUndefined();
  });

  it('serves a reblog only as its Announce', async () => {
    const original = await createStatus(api.dataSource, remote, {
      uri: 'https://remote.example/users/carol/statuses/2',
    });
    const reblog = await createReblog(api.dataSource, alice, original);
    const res = await get(`${statusPath(reblog.id)}/activity`).expect(200);
    expect(res.body).toMatchObject({
      id: `${BASE}${statusPath(reblog.id)}/activity`,
      type: 'Announce',
      actor: `${BASE}/users/alice`,
      to: PUBLIC,
      cc: [remote.uri, `${BASE}/users/alice/followers`],
      object: original.uri,
    });
    await get(statusPath(reblog.id)).expect(404);
  });

  it('answers ActivityPub requests on the status page, and sends browsers there', async () => {
    const status = await createStatus(api.dataSource, alice);
    const res = await get(`/@alice/${status.id}`).expect(200);
    expect(res.body.id).toBe(`${BASE}${statusPath(status.id)}`);
    const browser = await get(statusPath(status.id), 'text/html').expect(302);
    expect(browser.headers.location).toBe(`/@alice/${status.id}`);
  });

  it('serves the sizes of the replies, likes and shares collections', async () => {
    const status = await createStatus(api.dataSource, alice);
    await api.dataSource
      .getRepository(StatusStat)
      .save({ statusId: status.id, repliesCount: 4, favouritesCount: 5, reblogsCount: 6 });
    for (const [name, count] of [
      ['replies', 4],
      ['likes', 5],
      ['shares', 6],
    ] as const) {
      const res = await get(`${statusPath(status.id)}/${name}`).expect(200);
      expect(res.body).toMatchObject({
        id: `${BASE}${statusPath(status.id)}/${name}`,
        totalItems: count,
      });
    }
  });

  it('is gone (410) with a Tombstone once deleted', async () => {
    const status = await createStatus(api.dataSource, alice, { deletedAt: new Date() });
    const res = await get(statusPath(status.id)).expect(410);
    expect(res.body).toMatchObject({ id: `${BASE}${statusPath(status.id)}`, type: 'Tombstone' });
    await get(`${statusPath(status.id)}/activity`).expect(410);
  });

  it('is 404 for unknown, malformed, remote and misattributed statuses', async () => {
    const status = await createStatus(api.dataSource, alice);
    const theirs = await createStatus(api.dataSource, remote);
    await get(statusPath('123456789')).expect(404);
    await get(statusPath('not-an-id')).expect(404);
    await get(statusPath('99999999999999999999999')).expect(404);
    await get(statusPath(status.id, 'bob')).expect(404);
    await get(statusPath(theirs.id, 'carol')).expect(404);
  });

  describe('signed fetches of private statuses', () => {
    let actorServer: Server;
    let actorId: string;
    let keys: webcrypto.CryptoKeyPair;

    /** A remote actor on a loopback server, whose key Fedify fetches to check signatures. */
    beforeAll(async () => {
      keys = (await crypto.subtle.generateKey(
        {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        },
        true,
        ['sign', 'verify'],
      )) as webcrypto.CryptoKeyPair;
      const publicKeyPem = await exportSpki(keys.publicKey);
      actorServer = createServer((req, res) => {
        res.setHeader('Content-Type', AP);
        res.end(
          JSON.stringify({
            '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
            id: actorId,
            type: 'Person',
            preferredUsername: 'dave',
            inbox: `${actorId}/inbox`,
            publicKey: { id: `${actorId}#main-key`, owner: actorId, publicKeyPem },
          }),
        );
      }).listen(0, '127.0.0.1');
      await once(actorServer, 'listening');
      actorId = `http://127.0.0.1:${(actorServer.address() as AddressInfo).port}/users/dave`;
    });
    afterAll(() => new Promise((resolve) => actorServer.close(resolve)));

    /** GET signed as dave (draft-cavage, as Mastodon signs), sent with its exact headers. */
    async function signedGet(path: string): Promise<number> {
      const signed = await signRequest(
        new Request(`${BASE}${path}`, { headers: { Accept: AP } }),
        keys.privateKey,
        new URL(`${actorId}#main-key`),
        { spec: 'draft-cavage-http-signatures-12' },
      );
      const { port } = new URL(api.url);
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path,
        headers: Object.fromEntries(signed.headers),
      });
      req.end();
      const [res] = await once(req, 'response');
      res.resume();
      return res.statusCode;
    }

    it('serves a followers-only status to a signed follower, and to nobody else', async () => {
      const dave = await createRemoteAccount(api.dataSource, {
        username: 'dave',
        domain: new URL(actorId).host,
        uri: actorId,
      });
      const status = await createStatus(api.dataSource, alice, {
        visibility: StatusVisibility.Private,
      });
      expect(await signedGet(statusPath(status.id))).toBe(404);
      await insertFollow(api.dataSource, dave, alice);
      expect(await signedGet(statusPath(status.id))).toBe(200);
      await get(statusPath(status.id)).expect(404);
    });
  });
});
