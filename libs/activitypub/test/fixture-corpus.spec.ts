import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Activity,
  Announce,
  Create,
  Emoji,
  isActor,
  Object as APObject,
  Question,
  type Actor,
} from '@fedify/vocab';
import { preloadedContexts, type RemoteDocument } from '@fedify/vocab-runtime';
import {
  activityRefusal,
  actorRefusal,
  actorValues,
  embeddedObjectDistrust,
  emojiOf,
  isStatusObject,
  keyOwnersOf,
  mediaOf,
  pollOf,
} from '@nestodon/activitypub/inbox';

const CORPUS = join(__dirname, 'fixtures', 'corpus');
/**
 * Offline loaders: bundled contexts only. Any other context is taken as empty (its terms
 * unknown, as Mastodon, which never fetches contexts, reads them) unless it is no https URL
 * on a public host, which is refused as the safe client refuses it. Objects are never fetched.
 */
const contextLoader = async (url: string): Promise<RemoteDocument> => {
  if (url in preloadedContexts) {
    return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
  }
  const parsed = new URL(url);
  if (
    !/^https?:$/.test(parsed.protocol) ||
    /^(169\.254|127\.|10\.|localhost)/.test(parsed.hostname)
  ) {
    throw new Error(`refused context ${url}`);
  }
  return { contextUrl: null, document: { '@context': {} }, documentUrl: url };
};
const documentLoader = async (url: string): Promise<RemoteDocument> => {
  throw new Error(`offline: ${url}`);
};
const loaders = { contextLoader, documentLoader };

type Outcome = { accepted: string } | { refused: string };

/**
 * What a status carries besides text, read as the inbox reads it (poll, attachments, custom
 * emoji): reading it must never throw, whatever the document holds.
 */
async function extrasOf(object: APObject, source: Record<string, unknown> | null) {
  if (object instanceof Question) await pollOf(loaders, object);
  await mediaOf(loaders, object, source);
  await emojisOf(object);
}

/** What the inbox and the actor fetcher make of a document, by the rules they apply. */
async function intake(text: string): Promise<Outcome> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { refused: 'not JSON' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { refused: 'not a JSON object' };
  }
  if (!('@context' in json)) return { refused: 'no JSON-LD context' };
  let object: APObject;
  try {
    object = await APObject.fromJsonLd(json, loaders);
  } catch (error) {
    return { refused: `invalid JSON-LD: ${(error as Error).message.slice(0, 80)}` };
  }
  // A Question is an activity in ActivityStreams but a status (a poll) to us.
  if (isStatusObject(object)) {
    if (!object.id) return { refused: 'the object has no id' };
    await extrasOf(object, json as Record<string, unknown>);
    return { accepted: 'status' };
  }
  if (object instanceof Activity) {
    const refusal = activityRefusal(object);
    if (refusal) return { refused: refusal };
    if (object instanceof Create || object instanceof Announce) {
      // As sent (Fedify itself refetches cross-origin embedded objects): the rules judge the copy.
      const embedded = await object
        .getObject({ ...loaders, crossOrigin: 'trust' })
        .catch(() => null);
      if (embedded && isStatusObject(embedded)) {
        const distrust = embeddedObjectDistrust(object, embedded);
        if (distrust) return { refused: `embedded copy not believed: ${distrust}` };
        const source = (json as { object?: unknown }).object;
        await extrasOf(
          embedded,
          typeof source === 'object' ? (source as Record<string, unknown>) : null,
        );
      }
    }
    return { accepted: object.constructor.name };
  }
  if (isActor(object)) {
    const actor = object as Actor;
    const owners = await keyOwnersOf(actor, loaders);
    const refusal = actorRefusal(actor, actor.id ?? new URL('about:blank'), owners);
    if (refusal) return { refused: refusal };
    try {
      const values = await actorValues(actor, loaders, actor.id!.host);
      await emojisOf(actor);
      return { accepted: `actor ${values.username}` };
    } catch (error) {
      return { refused: (error as Error).message };
    }
  }
  return { refused: `not an activity, actor or status (${object.constructor.name})` };
}

const files = readdirSync(CORPUS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'contexts')
  .flatMap((dir) =>
    readdirSync(join(CORPUS, dir.name))
      .filter((file) => file.endsWith('.json'))
      .map((file) => `${dir.name}/${file}`),
  );

describe('the ActivityPub fixture corpus', () => {
  it('has its documents', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  // What the big implementations send must get through: every actor and Create of Mastodon,
  // GoToSocial and Misskey, and Pleroma's server-to-server ones.
  const mainstream = files.filter(
    (file) =>
      /^(mastodon|gotosocial|misskey|pleroma)\/(actor|create)-/.test(file) &&
      !['pleroma/create-chat-message.json', 'pleroma/create-note-c2s-client-post.json'].includes(
        file,
      ),
  );
  it.each(mainstream)('takes in %s', async (file) => {
    const outcome = await intake(readFileSync(join(CORPUS, file), 'utf8'));
    expect(outcome).toEqual({ accepted: expect.any(String) });
  });

  it.each(files.filter((file) => file.startsWith('malformed/')))(
    'refuses the forged or malformed %s, with a reason',
    async (file) => {
      const outcome = await intake(readFileSync(join(CORPUS, file), 'utf8'));
      expect(outcome).toEqual({ refused: expect.any(String) });
    },
  );

  it.each(files.filter((file) => !file.startsWith('malformed/')))(
    'parses the real %s into our model or refuses it with a reason',
    async (file) => {
      const outcome = await intake(readFileSync(join(CORPUS, file), 'utf8'));
      // Never an exception: accepted as something, or refused saying why.
      if ('accepted' in outcome) expect(outcome.accepted).toMatch(/\w/);
      else expect(outcome.refused).toMatch(/\w{3}/);
    },
  );
});

/** A corpus document and what Fedify parses it into (a Create's object for a Create). */
async function parsed(file: string): Promise<{ json: Record<string, unknown>; object: APObject }> {
  const json = JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as Record<string, unknown>;
  const document = await APObject.fromJsonLd(json, loaders);
  if (!(document instanceof Create)) return { json, object: document };
  const object = await document.getObject({ ...loaders, crossOrigin: 'trust' });
  return { json: json.object as Record<string, unknown>, object: object! };
}

async function emojisOf(object: APObject) {
  const emojis = [];
  for await (const tag of object.getTags({ ...loaders, suppressError: true })) {
    if (tag instanceof Emoji) emojis.push(await emojiOf(loaders, tag));
  }
  return emojis;
}

describe('what real documents carry besides text', () => {
  it("reads Mastodon's single-choice poll with its counts and end", async () => {
    const { object } = await parsed('mastodon/create-question-poll.json');
    const poll = await pollOf(loaders, object as Question);
    expect(poll).toMatchObject({
      multiple: false,
      expiresAt: new Date('2019-05-11T09:03:36Z'),
      options: expect.arrayContaining(['Dunno', 'Everyone knows that!']),
    });
    expect(poll!.tallies.slice(0, 2)).toEqual([0, 1]);
  });

  it("reads Pleroma's poll (an empty anyOf beside its oneOf), closed, and its attachment", async () => {
    const { json, object } = await parsed('pleroma/question-poll-attachment.json');
    const poll = await pollOf(loaders, object as Question);
    expect(poll).toMatchObject({
      multiple: false,
      options: ['a', 'A', 'Aa', 'AA', 'AAa', 'AAA'],
      tallies: [0, 0, 0, 0, 1, 3],
    });
    expect(poll!.expiresAt).toBeInstanceOf(Date);
    const [media] = await mediaOf(loaders, object, json);
    expect(media).toMatchObject({
      type: 'image',
      remoteUrl: expect.stringMatching(/^https:\/\/shitposter\.club\/media\//),
      description: 'screenshot_mpv:Totoro@01:18:44.345.jpg',
    });
  });

  it("reads GoToSocial's attachment alt text, blurhash and focal point", async () => {
    const { json, object } = await parsed(
      'gotosocial/note-with-attachments-blurhash-focalpoint.json',
    );
    expect(await mediaOf(loaders, object, json)).toEqual([
      {
        type: 'image',
        remoteUrl: expect.stringMatching(/01F8MH6NEM8D7527KZAECTCR76\.jpg$/),
        thumbnailRemoteUrl: null,
        description: "Black and white image of some 50's style text saying: Welcome On Board",
        blurhash: 'LIIE|gRj00WB-;j[t7j[4nWBj[Rj',
        meta: { focus: { x: -0.5, y: 0.5 } },
      },
    ]);
  });

  it("reads Mastodon's attachment by its media type", async () => {
    const { json, object } = await parsed('mastodon/create-note-with-attachment.json');
    expect(await mediaOf(loaders, object, json)).toEqual([
      expect.objectContaining({ type: 'image', description: null, blurhash: null, meta: null }),
    ]);
  });

  it('reads the custom emojis GoToSocial tags on statuses and actors', async () => {
    const { object: note } = await parsed('gotosocial/note-with-emoji.json');
    expect(await emojisOf(note)).toEqual([
      {
        shortcode: 'shocked_pikachu',
        imageRemoteUrl: expect.stringMatching(/01AZY1Y5YQD6TREB5W50HGTCSZ\.png$/),
        uri: 'https://example.org/emoji/01AZY1Y5YQD6TREB5W50HGTCSZ',
        updatedAt: new Date('2022-11-17T11:36:05Z'),
      },
    ]);
    const { object: actor } = await parsed('gotosocial/actor-person-with-emoji.json');
    expect(await emojisOf(actor)).toEqual([
      expect.objectContaining({
        shortcode: 'rainbow',
        updatedAt: new Date('2021-09-20T10:40:37Z'),
      }),
    ]);
  });
});
