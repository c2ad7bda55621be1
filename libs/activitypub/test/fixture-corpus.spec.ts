import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Activity, Announce, Create, isActor, Object as APObject, type Actor } from '@fedify/vocab';
import { preloadedContexts, type RemoteDocument } from '@fedify/vocab-runtime';
import {
  activityRefusal,
  actorRefusal,
  actorValues,
  embeddedObjectDistrust,
  isStatusObject,
  keyOwnersOf,
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
    return object.id ? { accepted: 'status' } : { refused: 'the object has no id' };
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
