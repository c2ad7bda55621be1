import { kvCache, signRequest, type KvStore } from '@fedify/fedify';
import {
  getRemoteDocument,
  preloadedContexts,
  type AuthenticatedDocumentLoaderFactory,
  type DocumentLoader,
  type DocumentLoaderFactory,
  type RemoteDocument,
} from '@fedify/vocab-runtime';
import { RedirectError, SafeHttpClient } from '@nestodon/platform';

const ACCEPT =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
/** Actor and object documents are small; anything larger is refused rather than parsed. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;
const MAX_REDIRECTS = 5;

type Signer = (request: Request) => Promise<Request>;

/**
 * Loads a JSON-LD document through the safe client: common contexts from Fedify's bundled
 * copies, everything else over HTTP with every hop checked. With a signer, each hop is signed
 * anew (a signature covers one URL), so redirects are followed here rather than in the client.
 */
function loader(client: SafeHttpClient, sign?: Signer): DocumentLoader {
  const load = async (url: string, options?: { signal?: AbortSignal }): Promise<RemoteDocument> => {
    options?.signal?.throwIfAborted();
    if (url in preloadedContexts) {
      return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
    }
    let current = new URL(url);
    for (let redirects = 0; ; redirects++) {
      const unsigned = new Request(current, { headers: { Accept: ACCEPT } });
      const response = await client.fetch(sign ? await sign(unsigned) : unsigned, {
        redirect: 'manual',
        signal: options?.signal,
        maxBytes: MAX_DOCUMENT_BYTES,
      });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        if (redirects >= MAX_REDIRECTS) {
          throw new RedirectError(`More than ${MAX_REDIRECTS} redirects`, current.href);
        }
        current = new URL(location, current);
        continue;
      }
      // Alternate links (HTML pages pointing at their ActivityPub form) load through us too.
      return getRemoteDocument(current.href, response, load);
    }
  };
  return load;
}

/**
 * Fedify's document and context loader through the safe client. Contexts are cached in the
 * key–value store as Fedify's own loader caches them; objects and actors are read fresh, so an
 * actor's Update or rotated key is seen at once (accounts are kept in our tables, public keys
 * in Fedify's key cache, so they are not fetched for every activity).
 */
export function safeDocumentLoaderFactory(
  client: SafeHttpClient,
  kv: KvStore,
  kind: 'object' | 'context',
): DocumentLoaderFactory {
  const cached = kvCache({
    loader: loader(client),
    kv,
    prefix: ['_fedify', 'remoteDocument'],
    kind,
    rules: kind === 'object' ? [] : undefined,
  });
  return () => cached;
}

/**
 * Fedify's loader for fetches signed as an actor (the instance actor, against servers that
 * require signed fetches): draft-cavage HTTP Signatures, which every server verifies. Not
 * cached, as a signed answer may hold what unsigned requests must not see.
 */
export function safeAuthenticatedDocumentLoaderFactory(
  client: SafeHttpClient,
): AuthenticatedDocumentLoaderFactory {
  return (identity) =>
    loader(client, (request) =>
      signRequest(request, identity.privateKey, identity.keyId, {
        spec: 'draft-cavage-http-signatures-12',
      }),
    );
}
