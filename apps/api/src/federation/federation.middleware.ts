import { Readable } from 'node:stream';
import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import type { FederationRequestData } from '@nestodon/activitypub/federation';
import { INSTANCE_ACTOR_IDENTIFIER } from '@nestodon/activitypub/render/local-uris';
import type { NextFunction, Request, Response } from 'express';
import { LazyFederation } from './lazy-federation';

/** Profile and status pages, which answer with ActivityPub documents when asked for them. */
const PROFILE_PAGE = /^\/@([A-Za-z0-9_]+)(?:\/(\d+))?\/?$/;
/** Actor and status ids, which browsers are sent on to the pages above. */
const ACTOR_OR_STATUS = /^\/users\/([A-Za-z0-9_]+)(?:\/statuses\/(\d+))?\/?$/;
const ACTIVITYPUB_MEDIA_TYPES = /application\/(activity\+json|ld\+json)/i;
/** Personal and shared inboxes, and the instance actor's. */
const INBOX = /^\/(users\/[^/]+\/|actor\/)?inbox\/?$/;
/** The instance actor's inbox, served by a Federation of its own (see FederationService). */
const INSTANCE_ACTOR_INBOX = /^\/actor\/inbox\/?$/;
/** Mastodon's path of the instance actor's outbox, served as its outbox collection. */
const INSTANCE_ACTOR_OUTBOX = /^\/actor\/outbox\/?$/;
/** Activities are small; a larger delivery is refused before it is read (Mastodon allows 1 MB). */
export const MAX_INBOX_BYTES = 1024 * 1024;
/** Fedify's answer when a valid signature is not the activity actor's. */
const SIGNER_MISMATCH = 'The signer and the actor do not match.';
/** Where Fedify may answer; the REST API and pages never pay for its routing. */
const FEDERATION_PATHS =
  /^\/(users\/|actor(\/(inbox|outbox))?\/?$|inbox\/?$|@|nodeinfo\/2\.1$|\.well-known\/(webfinger|nodeinfo)$)/;

/**
 * Hands requests to Fedify's fetch-style handler: federation routes (actors, collections,
 * objects, WebFinger, NodeInfo) are answered there; everything else, and what Fedify does not
 * know, goes on to Nest. Requests keep their method, headers and (unread) body; the URL is
 * rebuilt on the configured origin so a forged Host cannot change ids.
 */
@Injectable()
export class FederationMiddleware implements NestMiddleware {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly federation: LazyFederation,
  ) {}

  use(req: Request, res: Response, next: NextFunction): void {
    if (!FEDERATION_PATHS.test(req.path)) return next();
    this.handle(req, res).then((handled) => handled || next(), next);
  }

  /** Whether Fedify answered; false when the request is for the rest of the api. */
  private async handle(req: Request, res: Response): Promise<boolean> {
    if (!wellFormedWebFingerQuery(req)) {
      res.status(400).type('text/plain').send('Invalid resource URL.');
      return true;
    }
    const inbox = req.method === 'POST' && INBOX.test(req.path);
    if (inbox && Number(req.headers['content-length'] ?? 0) > MAX_INBOX_BYTES) {
      res.status(413).json({ error: 'Payload too large' });
      return true;
    }
    const data: FederationRequestData = { gone: null };
    let passed = false;
    const passOn = () => {
      passed = true;
      return new Response(null, { status: 404 });
    };
    const { lib, get } = await this.federation.load();
    const service = get(lib.FederationService);
    const federation = INSTANCE_ACTOR_INBOX.test(req.path)
      ? service.instanceActorInbox
      : service.federation;
    const response = await federation.fetch(this.toFetchRequest(req), {
      contextData: data,
      onNotFound: async () => (data.gone ? gone(data) : passOn()),
      // Secure mode: unsigned (401) or from a server that does not federate with us (403).
      onUnauthorized: async () => lib.refusedFetch(data),
      // A browser asking for an actor or a status is sent to its page, as on Mastodon.
      onNotAcceptable: async () => {
        const match = ACTOR_OR_STATUS.exec(req.path);
        if (!match) return passOn();
        const page = match[2] ? `/@${match[1]}/${match[2]}` : `/@${match[1]}`;
        return new Response(null, { status: 302, headers: { Location: page, Vary: 'Accept' } });
      },
    });
    if (passed) return false;
    if (inbox && response.status === 401 && (await response.clone().text()) === SIGNER_MISMATCH) {
      // A valid signature by someone else than the actor is forbidden, not unauthenticated.
      res.status(403).type('text/plain').send(SIGNER_MISMATCH);
      return true;
    }
    res.status(response.status);
    response.headers.forEach((value, name) => res.setHeader(name, value));
    if (this.config.federation.authorizedFetch && req.method === 'GET') {
      // What a signature unlocked is not for caches to hand to others (as Mastodon).
      res.setHeader('Cache-Control', 'private');
      const vary = response.headers.get('Vary');
      res.setHeader('Vary', vary ? `${vary}, Signature` : 'Signature');
    }
    res.end(Buffer.from(await response.arrayBuffer()));
    return true;
  }

  private toFetchRequest(req: Request): globalThis.Request {
    const url = new URL(this.negotiatedPath(req), this.config.instance.baseUrl);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
      else if (value !== undefined) headers.set(name, value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    return new Request(url, {
      method: req.method,
      headers,
      body: hasBody ? lazyBody(req, MAX_INBOX_BYTES) : undefined,
      // Node's fetch needs `duplex` for streamed bodies.
      duplex: 'half',
    });
  }

  /**
   * `/@alice` and `/@alice/123` asked for as ActivityPub are the actor and the status;
   * `/actor/outbox` is the instance actor's outbox.
   */
  private negotiatedPath(req: Request): string {
    if (INSTANCE_ACTOR_OUTBOX.test(req.path)) {
      return req.originalUrl.replace(
        /^\/actor\/outbox\/?/,
        `/users/${INSTANCE_ACTOR_IDENTIFIER}/outbox`,
      );
    }
    const match = PROFILE_PAGE.exec(req.path);
    if (!match || !ACTIVITYPUB_MEDIA_TYPES.test(req.headers.accept ?? '')) return req.originalUrl;
    return match[2] ? `/users/${match[1]}/statuses/${match[2]}` : `/users/${match[1]}`;
  }
}

/**
 * WebFinger's `resource` must be a URI. Fedify answers 400 to anything else, but tells a bad
 * URI by `instanceof TypeError`, which fails when the error comes from another realm (as under
 * Jest); checked here so bad input can never become a 500.
 */
function wellFormedWebFingerQuery(req: Request): boolean {
  if (req.path !== '/.well-known/webfinger') return true;
  const { resource } = req.query;
  return resource === undefined || (typeof resource === 'string' && URL.canParse(resource));
}

/** 410 Gone with the Tombstone of what was deleted. */
async function gone(data: FederationRequestData): Promise<globalThis.Response> {
  const body = await data.gone!.toJsonLd();
  return new Response(JSON.stringify(body), {
    status: 410,
    headers: { 'Content-Type': 'application/activity+json', Vary: 'Accept' },
  });
}

/**
 * The request body as a stream read only when Fedify reads it (an inbox), so requests it passes
 * on keep their body for Nest's parsers; at most `maxBytes`.
 */
function lazyBody(req: Request, maxBytes: number): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let read = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        reader ??= (Readable.toWeb(req) as ReadableStream<Uint8Array>).getReader();
        const { done, value } = await reader.read();
        if (done) return controller.close();
        // A body without a Content-Length (chunked) is cut off at the limit too.
        read += value.byteLength;
        if (read > maxBytes) return controller.error(new Error('Request body too large'));
        controller.enqueue(value);
      },
      cancel: (reason) => reader?.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}
