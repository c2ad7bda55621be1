import { generateKeyPairSync } from 'node:crypto';
import { Create, CryptographicKey, Multikey, Person, PUBLIC_COLLECTION } from '@fedify/vocab';
import { preloadedContexts } from '@fedify/vocab-runtime';
import { StatusVisibility } from '@nestodon/domain';
import { ActorFacts, renderActor } from './actor';
import { LocalUris } from './local-uris';
import { addressing, renderCreate, StatusFacts } from './status';

const uris = new LocalUris({ baseUrl: 'https://nestodon.test' });
const bundledOnly = async (url: string) => {
  if (!(url in preloadedContexts)) throw new Error(`unexpected fetch of ${url}`);
  return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
};
const parseOptions = { contextLoader: bundledOnly, documentLoader: bundledOnly };

const hrefs = (urls: URL[]) => urls.map((url) => url.href);
const FOLLOWERS = 'https://nestodon.test/users/alice/followers';
const BOB = 'https://remote.example/users/bob';

describe('addressing', () => {
  it.each([
    [StatusVisibility.Public, [PUBLIC_COLLECTION.href], [FOLLOWERS, BOB]],
    [StatusVisibility.Unlisted, [FOLLOWERS], [PUBLIC_COLLECTION.href, BOB]],
    [StatusVisibility.Private, [FOLLOWERS], [BOB]],
    [StatusVisibility.Direct, [BOB], []],
  ])('addresses visibility %i as Mastodon does', (visibility, to, cc) => {
    const result = addressing(visibility, FOLLOWERS, [BOB]);
    expect(hrefs(result.to)).toEqual(to);
    expect(hrefs(result.cc)).toEqual(cc);
  });
});

function keys(): ActorFacts['keys'] {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ed25519 = generateKeyPairSync('ed25519');
  const id = new URL(uris.actor('alice'));
  return {
    publicKey: new CryptographicKey({
      id: new URL('#main-key', id),
      owner: id,
      publicKey: rsa.publicKey.toCryptoKey({ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, true, [
        'verify',
      ]),
    }),
    assertionMethods: [
      new Multikey({
        id: new URL('#key-2', id),
        controller: id,
        publicKey: ed25519.publicKey.toCryptoKey('Ed25519', true, ['verify']),
      }),
    ],
  };
}

const actorFacts = (overrides: Partial<ActorFacts> = {}): ActorFacts => ({
  username: 'alice',
  actorType: 'Person',
  displayName: 'Alice',
  noteHtml: '<p>bio</p>',
  fields: [{ name: 'Site', valueHtml: '<a href="https://alice.example">alice.example</a>' }],
  avatar: { url: 'https://nestodon.test/system/a.png', mediaType: 'image/png' },
  header: null,
  emojis: [],
  locked: false,
  discoverable: true,
  indexable: false,
  memorial: false,
  suspended: false,
  movedTo: null,
  createdAt: new Date('2024-05-06T07:08:09Z'),
  keys: keys(),
  ...overrides,
});

describe('renderActor', () => {
  it('round-trips through Fedify', async () => {
    const json = await renderActor(actorFacts(), uris).toJsonLd();
    const parsed = await Person.fromJsonLd(json, parseOptions);
    expect(parsed.id?.href).toBe('https://nestodon.test/users/alice');
    expect(parsed.name?.toString()).toBe('Alice');
    expect(parsed.discoverable).toBe(true);
    expect(parsed.published?.toString()).toBe('2024-05-06T00:00:00Z');
    const icon = await parsed.getIcon();
    expect(icon?.url?.toString()).toBe('https://nestodon.test/system/a.png');
  });

  it('strips a suspended account to what identifies it', async () => {
    const json = (await renderActor(actorFacts({ suspended: true }), uris).toJsonLd()) as Record<
      string,
      unknown
    >;
    expect(json).toMatchObject({ suspended: true, name: '', summary: '' });
    expect(json.icon).toBeUndefined();
    expect(json.attachment).toBeUndefined();
    expect(json.publicKey).toBeDefined();
  });
});

describe('renderCreate', () => {
  const facts: StatusFacts = {
    id: '1',
    username: 'alice',
    visibility: StatusVisibility.Direct,
    contentHtml: '<p>psst</p>',
    spoilerText: '',
    sensitive: false,
    language: null,
    createdAt: new Date('2025-01-01T00:00:00Z'),
    editedAt: null,
    inReplyTo: null,
    mentions: [{ uri: BOB, acct: '@bob@remote.example' }],
    tags: [],
    emojis: [],
    media: [],
    poll: null,
    counts: { replies: 0, likes: 0, shares: 0 },
  };

  it('addresses the activity like its object and round-trips through Fedify', async () => {
    const json = await renderCreate(facts, uris).toJsonLd();
    const parsed = await Create.fromJsonLd(json, parseOptions);
    expect(hrefs(parsed.toIds)).toEqual([BOB]);
    expect(parsed.ccIds).toEqual([]);
    const object = await parsed.getObject(parseOptions);
    expect(object?.id?.href).toBe('https://nestodon.test/users/alice/statuses/1');
    expect(hrefs(object!.toIds)).toEqual([BOB]);
    expect(object?.content?.toString()).toBe('<p>psst</p>');
  });

  it('writes times to the whole second, as Mastodon does', async () => {
    const createdAt = new Date('2025-01-01T00:00:00.150Z');
    const json = (await renderCreate({ ...facts, createdAt }, uris).toJsonLd()) as {
      published: string;
      object: { published: string };
    };
    expect(json.published).toBe('2025-01-01T00:00:00Z');
    expect(json.object.published).toBe('2025-01-01T00:00:00Z');
  });
});
