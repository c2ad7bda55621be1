import http from 'node:http';
import { AddressInfo } from 'node:net';
import { KeyCache, verifyObject, verifyRequest } from '@fedify/fedify';
import { Activity } from '@fedify/vocab';
import { preloadedContexts, RemoteDocument } from '@fedify/vocab-runtime';

export interface ReceivedActivity {
  /** The inbox path posted to. */
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The activity as posted (compact JSON-LD). */
  activity: Record<string, unknown>;
  /** The key id the HTTP Signature verified with (Fedify's verifier), or null. */
  keyId: string | null;
  /** Whether the activity carries Object Integrity Proofs and they verify (Fedify's verifier). */
  proofVerified: boolean;
  /** The HTTP signature standard used: RFC 9421 signs with a Signature-Input header. */
  spec: 'rfc9421' | 'draft-cavage';
}

/**
 * Another server's inboxes on loopback: every POST is checked with Fedify's signature
 * verifier, which fetches the signer's key from our server (`localOrigin` served at
 * `serveFrom`) and keeps it, as servers do, and recorded; the answer is 202, or the status
 * set for a path. GETs answer the JSON documents set for their path and query (WebFinger,
 * actors), or 404.
 */
export class InboxReceiver {
  readonly received: ReceivedActivity[] = [];
  readonly statuses = new Map<string, number>();
  readonly documents = new Map<string, object>();
  /** A server that verifies RFC 9421 signatures only: draft-cavage ones are answered 401. */
  rfc9421Only = false;
  /** Deliveries answered 401 for their signature's standard. */
  refusedSignatures = 0;
  private server?: http.Server;
  private readonly keys = new Map<string, Awaited<ReturnType<KeyCache['get']>>>();
  private readonly keyCache: KeyCache = {
    get: async (keyId) => this.keys.get(keyId.href),
    set: async (keyId, key) => void (key && this.keys.set(keyId.href, key)),
  };

  constructor(
    private readonly localOrigin: string,
    private readonly serveFrom: string,
  ) {}

  async start(): Promise<this> {
    this.server = http.createServer((request, response) => {
      if (request.method === 'GET') {
        const document = this.documents.get(request.url ?? '/');
        if (!document) return void response.writeHead(404).end();
        response.writeHead(200, { 'Content-Type': 'application/activity+json' });
        return void response.end(JSON.stringify(document));
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (this.rfc9421Only && !request.headers['signature-input']) {
          this.refusedSignatures++;
          return void response.writeHead(401).end();
        }
        void this.receive(request, Buffer.concat(chunks)).then(
          () => response.writeHead(this.statuses.get(request.url ?? '/') ?? 202).end(),
          () => response.writeHead(500).end(),
        );
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  /** The receiver's host (`127.0.0.1:port`): the domain of its accounts' handles. */
  get host(): string {
    return `127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** The receiver's origin (`http://127.0.0.1:port`). */
  get origin(): string {
    return `http://${this.host}`;
  }

  /** Serves an actor and the WebFinger answer that leads to it, as a server of its own. */
  serveActor(username: string): string {
    const id = `${this.origin}/users/${username}`;
    this.documents.set(
      `/.well-known/webfinger?resource=${encodeURIComponent(`acct:${username}@${this.host}`)}`,
      {
        subject: `acct:${username}@${this.host}`,
        links: [{ rel: 'self', type: 'application/activity+json', href: id }],
      },
    );
    this.documents.set(`/users/${username}`, {
      '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
      id,
      type: 'Person',
      preferredUsername: username,
      name: username.toUpperCase(),
      url: `${this.origin}/@${username}`,
      inbox: `${id}/inbox`,
      followers: `${id}/followers`,
      endpoints: { sharedInbox: `${this.origin}/inbox` },
    });
    return id;
  }

  at(path: string): ReceivedActivity[] {
    return this.received.filter((received) => received.path === path);
  }

  /** Activities received of a type, in order. */
  ofType(type: string): Array<Record<string, unknown>> {
    return this.received
      .filter((received) => received.activity.type === type)
      .map((received) => received.activity);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server!.close(() => resolve()));
  }

  private async receive(request: http.IncomingMessage, body: Buffer): Promise<void> {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const key = await verifyRequest(
      new Request(`${this.origin}${request.url}`, { method: request.method, headers, body }),
      { documentLoader: this.load, contextLoader: this.load, keyCache: this.keyCache },
    );
    const activity = JSON.parse(body.toString('utf8'));
    const loaders = {
      documentLoader: this.load,
      contextLoader: this.load,
      keyCache: this.keyCache,
    };
    const proven = await verifyObject(Activity, activity, loaders).catch(() => null);
    this.received.push({
      path: request.url ?? '/',
      headers: request.headers,
      activity,
      keyId: key?.id?.href ?? null,
      proofVerified: proven !== null && activity.proof !== undefined,
      spec: request.headers['signature-input'] ? 'rfc9421' : 'draft-cavage',
    });
  }

  /** Contexts from Fedify's copies; our documents from our server under test. */
  private readonly load = async (url: string): Promise<RemoteDocument> => {
    if (url in preloadedContexts) {
      return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
    }
    if (!url.startsWith(this.localOrigin)) throw new Error(`unexpected fetch of ${url}`);
    const response = await fetch(this.serveFrom + url.slice(this.localOrigin.length), {
      headers: { Accept: 'application/activity+json' },
    });
    return { contextUrl: null, document: await response.json(), documentUrl: url };
  };
}
