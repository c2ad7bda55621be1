import { LookupAddress, lookup as dnsLookup } from 'node:dns';
import http, { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { pipeline, Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import { OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@nestodon/config';
import { AddressPolicy, anyAddress, publicAddressOnly } from './address-policy';

/** Why an outbound request failed before a usable response arrived. */
export class OutboundRequestError extends Error {
  constructor(
    message: string,
    readonly url: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The host resolved to (or is) an address the policy refuses: private, loopback, reserved… */
export class BlockedAddressError extends OutboundRequestError {}

/** The exchange (connecting, redirects, headers and body) took longer than allowed. */
export class OutboundTimeoutError extends OutboundRequestError {}

/** The response body is larger than the request allows. */
export class ResponseTooLargeError extends OutboundRequestError {}

/** Too many redirects, a redirect to another scheme than http(s), or one refused by the caller. */
export class RedirectError extends OutboundRequestError {}

export interface SafeHttpClientOptions {
  /** Which resolved addresses may be connected to; public internet addresses by default. */
  allowAddress?: AddressPolicy;
  userAgent: string;
  /** Longest wait for the TCP connection of each hop. */
  connectTimeoutMs?: number;
  /** Longest whole exchange (every hop and the body), unless a request says otherwise. */
  timeoutMs?: number;
  /** Largest decoded response body, unless a request says otherwise. */
  maxBytes?: number;
  maxRedirects?: number;
}

export interface OutboundRequestInit extends RequestInit {
  /** Largest decoded response body for this request. */
  maxBytes?: number;
  /** Longest whole exchange for this request. */
  timeoutMs?: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/** Headers that must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'signature', 'signature-input'];
const DEFAULTS = { connectTimeoutMs: 5_000, timeoutMs: 20_000, maxBytes: 1024 * 1024 };

interface Hop {
  url: URL;
  method: string;
  headers: Headers;
  body: Buffer | null;
}

/**
 * The one HTTP client for requests to other servers (federation, and later link previews, web
 * push and remote media). It speaks `fetch` (a standard Request in, a standard Response out) so
 * Fedify and our own code use it alike, and on every hop it:
 * - resolves the host and refuses addresses the policy rejects (private, loopback, link-local,
 *   reserved; IPv4 and IPv6, mapped addresses included) before connecting to the very address
 *   it checked, so a second DNS answer cannot differ from the first;
 * - follows redirects itself, re-checking each target;
 * - bounds the connection time, the whole exchange and the decoded body size;
 * - sends our User-Agent.
 */
export class SafeHttpClient implements OnApplicationShutdown {
  private readonly allowAddress: AddressPolicy;
  private readonly settings: Required<Omit<SafeHttpClientOptions, 'allowAddress'>>;
  // Our own connection pools, so no socket opened by other code (unchecked) is ever reused.
  private readonly agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };

  constructor(options: SafeHttpClientOptions) {
    this.allowAddress = options.allowAddress ?? publicAddressOnly;
    this.settings = { ...DEFAULTS, maxRedirects: 5, ...options };
  }

  /** The client a process gets from its configuration (ALLOW_PRIVATE_ADDRESS, User-Agent). */
  static fromConfig(config: AppConfig): SafeHttpClient {
    return new SafeHttpClient(safeHttpClientOptions(config));
  }

  /** `fetch` with the checks above; redirects follow `init.redirect` ('follow' by default). */
  readonly fetch = async (
    input: string | URL | Request,
    init: OutboundRequestInit = {},
  ): Promise<Response> => {
    const request = await firstHop(input, init);
    const timeoutMs = init.timeoutMs ?? this.settings.timeoutMs;
    const maxBytes = init.maxBytes ?? this.settings.maxBytes;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    let hop = request.hop;
    for (let redirects = 0; ; redirects++) {
      const response = await this.exchange(hop, { signal, deadline, timeoutMs, maxBytes });
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location || request.redirect === 'manual') {
        return response;
      }
      await response.body?.cancel();
      if (request.redirect === 'error') {
        throw new RedirectError(`Redirected to ${location}`, hop.url.href);
      }
      if (redirects >= this.settings.maxRedirects) {
        throw new RedirectError(`More than ${this.settings.maxRedirects} redirects`, hop.url.href);
      }
      hop = this.redirected(hop, response.status, location);
    }
  };

  onApplicationShutdown(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  private redirected(hop: Hop, status: number, location: string): Hop {
    let url: URL;
    try {
      url = new URL(location, hop.url);
    } catch {
      throw new RedirectError(`Invalid redirect location ${location}`, hop.url.href);
    }
    const headers = new Headers(hop.headers);
    if (url.origin !== hop.url.origin) {
      for (const name of CREDENTIAL_HEADERS) headers.delete(name);
    }
    // As browsers do: 303 always, and 301/302 after a POST, become a GET without a body.
    if (status === 303 || ((status === 301 || status === 302) && hop.method === 'POST')) {
      headers.delete('content-type');
      headers.delete('content-length');
      return { url, method: 'GET', headers, body: null };
    }
    return { url, method: hop.method, headers, body: hop.body };
  }

  private exchange(
    hop: Hop,
    limits: { signal: AbortSignal; deadline: AbortSignal; timeoutMs: number; maxBytes: number },
  ): Promise<Response> {
    const { url } = hop;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return Promise.reject(new RedirectError(`Unsupported scheme ${url.protocol}`, url.href));
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Address literals are never looked up, so they are checked here.
    if (isIP(host) && !this.allowAddress(host)) {
      return Promise.reject(new BlockedAddressError(`${host} is not a public address`, url.href));
    }
    const headers: Record<string, string> = {};
    hop.headers.forEach((value, name) => (headers[name] = value));
    headers['user-agent'] = this.settings.userAgent;
    headers['accept-encoding'] ??= 'gzip, deflate, br';
    if (hop.body) headers['content-length'] = String(hop.body.length);

    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        reject(this.describe(error, url.href, limits));
      };
      const transport = url.protocol === 'https:' ? https : http;
      const req = transport.request(url, {
        method: hop.method,
        headers,
        agent: this.agents[url.protocol as 'http:' | 'https:'],
        lookup: this.lookup(url.href),
        signal: limits.signal,
      });
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(
          () =>
            req.destroy(
              new OutboundTimeoutError(
                `No connection within ${this.settings.connectTimeoutMs} ms`,
                url.href,
              ),
            ),
          this.settings.connectTimeoutMs,
        );
        socket.once('connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      req.on('error', fail);
      req.on('response', (res) => {
        if (settled) return void res.destroy();
        settled = true;
        try {
          resolve(this.toResponse(res, hop, limits.maxBytes));
        } catch (error) {
          res.destroy();
          reject(this.describe(error, url.href, limits));
        }
      });
      req.end(hop.body ?? undefined);
    });
  }

  /** Resolves like `dns.lookup`, refusing the host when any of its addresses is refused. */
  private lookup(url: string): LookupFunction {
    return (hostname, options, callback) => {
      dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, '', 0);
        const refused = addresses.find(({ address }) => !this.allowAddress(address));
        if (refused || addresses.length === 0) {
          const reason = refused ? `${hostname} resolves to ${refused.address}` : 'no address';
          return callback(new BlockedAddressError(`${reason}, not a public address`, url), '', 0);
        }
        if (options.all) return (callback as AllAddressesCallback)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      });
    };
  }

  private toResponse(res: IncomingMessage, hop: Hop, maxBytes: number): Response {
    const status = res.statusCode ?? 0;
    if (status < 200 || status > 599) {
      throw new OutboundRequestError(`Unexpected status ${status}`, hop.url.href);
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
      else if (value !== undefined) headers.set(name, value);
    }
    let body: ReadableStream | null = null;
    // An empty body (an inbox's 202) needs no stream: they cost more than the rest of a delivery.
    const empty = headers.get('content-length') === '0';
    if (hop.method === 'HEAD' || NULL_BODY_STATUSES.has(status) || empty) {
      res.resume();
    } else {
      const encoding = headers.get('content-encoding')?.trim().toLowerCase();
      const declared = Number(headers.get('content-length'));
      if (!encoding && declared > maxBytes) {
        throw new ResponseTooLargeError(
          `Body of ${declared} bytes exceeds ${maxBytes}`,
          hop.url.href,
        );
      }
      const decoder = decoderFor(encoding);
      if (decoder) {
        headers.delete('content-encoding');
        headers.delete('content-length');
      }
      const limited = byteLimit(maxBytes, hop.url.href);
      // pipeline destroys every stage when one fails, so errors reach the body's reader.
      const stages = decoder ? [res, decoder, limited] : [res, limited];
      pipeline(stages as [Readable, Transform], () => undefined);
      // Not Readable.toWeb: cancelling its stream (a body left unread) while data still flows
      // makes it enqueue into a closed controller, an uncaught exception.
      body = ReadableStream.from<Uint8Array>(limited);
    }
    const response = new Response(body, { status, statusText: res.statusMessage, headers });
    // What fetch reports: the URL the response came from, after redirects.
    Object.defineProperty(response, 'url', { value: hop.url.href });
    return response;
  }

  private describe(
    error: unknown,
    url: string,
    limits: { deadline: AbortSignal; timeoutMs: number },
  ): Error {
    if (error instanceof OutboundRequestError) return error;
    if (limits.deadline.aborted) {
      return new OutboundTimeoutError(`No response within ${limits.timeoutMs} ms`, url);
    }
    return error instanceof Error ? error : new OutboundRequestError(String(error), url);
  }
}

/**
 * The first hop of a fetch, how to follow redirects, and the caller's signal. A call with a
 * URL and a body already in bytes (deliveries, many per second) is taken as it is; anything
 * else goes through a standard Request, which validates and encodes it.
 */
async function firstHop(
  input: string | URL | Request,
  init: OutboundRequestInit,
): Promise<{ hop: Hop; redirect: Request['redirect']; signal: AbortSignal | null }> {
  const method = (init.method ?? 'GET').toUpperCase();
  const { body } = init;
  const bytes = body instanceof Uint8Array || body instanceof ArrayBuffer;
  if (
    !(input instanceof Request) &&
    (body == null || (bytes && method !== 'GET' && method !== 'HEAD'))
  ) {
    return {
      hop: {
        url: new URL(input),
        method,
        headers: new Headers(init.headers),
        body:
          body instanceof ArrayBuffer
            ? Buffer.from(body)
            : body instanceof Uint8Array
              ? Buffer.from(body.buffer, body.byteOffset, body.byteLength)
              : null,
      },
      redirect: init.redirect ?? 'follow',
      signal: init.signal ?? null,
    };
  }
  const request = new Request(input, init);
  return {
    hop: {
      url: new URL(request.url),
      method: request.method,
      headers: new Headers(request.headers),
      body:
        request.method === 'GET' || request.method === 'HEAD'
          ? null
          : Buffer.from(await request.arrayBuffer()),
    },
    redirect: request.redirect,
    signal: request.signal,
  };
}

type AllAddressesCallback = (
  error: NodeJS.ErrnoException | null,
  addresses: LookupAddress[],
) => void;

function decoderFor(encoding: string | undefined): Transform | null {
  switch (encoding) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** Passes bytes through until `maxBytes` decoded bytes, then fails the stream. */
function byteLimit(maxBytes: number, url: string): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      total += chunk.length;
      if (total > maxBytes) {
        callback(new ResponseTooLargeError(`Body exceeds ${maxBytes} bytes`, url));
      } else {
        callback(null, chunk);
      }
    },
  });
}

export function safeHttpClientOptions(config: AppConfig): SafeHttpClientOptions {
  return {
    allowAddress: config.outbound.allowPrivateAddress ? anyAddress : publicAddressOnly,
    userAgent: config.outbound.userAgent,
  };
}
