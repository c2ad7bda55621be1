import { generateKeyPairSync, KeyObject, webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
import { once } from 'node:events';
import { createServer, request as httpRequest, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { signRequest } from '@fedify/fedify';

const AP = 'application/activity+json';
/** Mastodon's actor context: the extension terms it uses, as it publishes them. */
export const MASTODON_CONTEXT = [
  'https://www.w3.org/ns/activitystreams',
  'https://w3id.org/security/v1',
  {
    manuallyApprovesFollowers: 'as:manuallyApprovesFollowers',
    toot: 'http://joinmastodon.org/ns#',
    featured: { '@id': 'toot:featured', '@type': '@id' },
    movedTo: { '@id': 'as:movedTo', '@type': '@id' },
    schema: 'http://schema.org#',
    PropertyValue: 'schema:PropertyValue',
    value: 'schema:value',
    discoverable: 'toot:discoverable',
    indexable: 'toot:indexable',
    sensitive: 'as:sensitive',
    Hashtag: 'as:Hashtag',
    Emoji: 'toot:Emoji',
    votersCount: 'toot:votersCount',
  },
];

/** An actor of the remote instance, with its RSA key pair (generated for the test). */
export interface RemoteActor {
  username: string;
  id: string;
  keyId: string;
  privateKey: CryptoKey;
  publicKeyPem: string;
  /** The actor document as served (edit it to change what the next fetch sees). */
  document: Record<string, unknown>;
}

/**
 * Another server on loopback: WebFinger, actors (signing keys generated here) and any object
 * document put at a path, served as a real Mastodon-like instance would. Requests it answers
 * are recorded.
 */
export class RemoteInstance {
  readonly documents = new Map<string, unknown>();
  /** Files other than JSON documents (media), by path. */
  readonly files = new Map<string, { data: Buffer; contentType: string }>();
  readonly requests: string[] = [];
  /** The `Signature` header of each request answered (null when unsigned), in order. */
  readonly signatures: Array<string | null> = [];
  private server!: Server;
  base = '';
  host = '';

  static async start(): Promise<RemoteInstance> {
    const remote = new RemoteInstance();
    remote.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', remote.base);
      remote.requests.push(url.pathname + url.search);
      remote.signatures.push([req.headers.signature ?? []].flat()[0] ?? null);
      if (url.pathname === '/.well-known/webfinger') {
        const match = /^acct:([^@]+)@(.+)$/.exec(url.searchParams.get('resource') ?? '');
        const actor = match && remote.documents.get(`/users/${match[1]}`);
        if (!actor || match[2] !== remote.host) return res.writeHead(404).end();
        res.setHeader('Content-Type', 'application/jrd+json');
        return res.end(
          JSON.stringify({
            subject: `acct:${match[1]}@${remote.host}`,
            links: [{ rel: 'self', type: AP, href: `${remote.base}/users/${match[1]}` }],
          }),
        );
      }
      const file = remote.files.get(url.pathname);
      if (file) return res.writeHead(200, { 'Content-Type': file.contentType }).end(file.data);
      const document = remote.documents.get(url.pathname);
      if (document === undefined) return res.writeHead(404).end();
      if (document === 410) return res.writeHead(410).end();
      res.setHeader('Content-Type', AP);
      res.end(JSON.stringify(document));
    }).listen(0, '127.0.0.1');
    await once(remote.server, 'listening');
    const { port } = remote.server.address() as AddressInfo;
    remote.host = `127.0.0.1:${port}`;
    remote.base = `http://${remote.host}`;
    return remote;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Serves `document` at `path` (an absolute id on this server is also accepted). */
  put(path: string, document: unknown): void {
    this.documents.set(path.startsWith('http') ? new URL(path).pathname : path, document);
  }

  /** An actor served at /users/:username with a fresh RSA key pair. */
  actor(username: string, extra: Record<string, unknown> = {}): RemoteActor {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const id = `${this.base}/users/${username}`;
    const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }) as string;
    const document: Record<string, unknown> = {
      '@context': MASTODON_CONTEXT,
      id,
      type: 'Person',
      preferredUsername: username,
      name: username.toUpperCase(),
      url: `${this.base}/@${username}`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      following: `${id}/following`,
      endpoints: { sharedInbox: `${this.base}/inbox` },
      publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem },
      ...extra,
    };
    this.put(`/users/${username}`, document);
    return {
      username,
      id,
      keyId: `${id}#main-key`,
      privateKey: toCryptoKey(privateKey),
      publicKeyPem,
      document,
    };
  }
}

function toCryptoKey(key: KeyObject): CryptoKey {
  return key.toCryptoKey({ name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, true, ['sign']);
}

/** GETs an ActivityPub document from `url`, signed as the actor unless `unsigned`. */
export async function signedGet(
  url: string,
  actor: RemoteActor | null,
): Promise<{ status: number; body: string; headers: Headers }> {
  const unsigned = new Request(url, { headers: { Accept: AP } });
  const request = actor
    ? await signRequest(unsigned, actor.privateKey, new URL(actor.keyId), {
        spec: 'draft-cavage-http-signatures-12',
      })
    : unsigned;
  const response = await fetch(request);
  return { status: response.status, body: await response.text(), headers: response.headers };
}

export interface SignedPostOptions {
  /** Sign as this key instead of the actor's own (a forged signature). */
  signAs?: { keyId: string; privateKey: CryptoKey };
  /** Change the signed request before it is sent (tamper with digest, date…). */
  tamper?: (headers: Record<string, string>) => void;
  unsigned?: boolean;
}

/**
 * POSTs an activity to `url` as the actor, signed with draft-cavage HTTP Signatures as Mastodon
 * sends, over a raw HTTP request so the signed headers go out exactly as signed.
 */
export async function signedPost(
  url: string,
  activity: unknown,
  actor: RemoteActor,
  options: SignedPostOptions = {},
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(activity);
  const unsigned = new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': AP, Accept: AP },
    body,
  });
  const signer = options.signAs ?? actor;
  const request = options.unsigned
    ? unsigned
    : await signRequest(unsigned, signer.privateKey, new URL(signer.keyId), {
        spec: 'draft-cavage-http-signatures-12',
      });
  const headers = Object.fromEntries(request.headers) as Record<string, string>;
  headers['content-length'] = String(Buffer.byteLength(body));
  options.tamper?.(headers);
  const target = new URL(url);
  const req = httpRequest({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'POST',
    headers,
  });
  req.end(body);
  const [res] = await once(req, 'response');
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() };
}
