import { once } from 'node:events';
import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createFederation, MemoryKvStore } from '@fedify/fedify';
import { Note } from '@fedify/vocab';
import {
  safeAuthenticatedDocumentLoaderFactory,
  safeDocumentLoaderFactory,
} from '../src/federation/document-loaders';
import {
  anyAddress,
  BlockedAddressError,
  publicAddressOnly,
  SafeHttpClient,
} from '@nestodon/platform';
import { generateActorKeys } from '@nestodon/core';
import { toCryptoKeyPairs } from '../src/federation/actor-key-pairs';

const USER_AGENT = 'Nestodon/0.1.0 (+https://nestodon.test/)';
const NOTE = {
  '@context': 'https://www.w3.org/ns/activitystreams',
  type: 'Note',
  content: 'hello',
};

/**
 * Everything Fedify fetches for us (documents, contexts, signed fetches, keys) goes through
 * the SafeHttpClient we give it: proven against a real server on loopback, refused when the
 * client's policy refuses loopback, allowed and marked with our User-Agent when it allows it.
 */
describe("Fedify's outbound requests", () => {
  let server: Server;
  let base: string;
  const requests: IncomingMessage[] = [];
  const clients: SafeHttpClient[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req);
      if (req.url === '/moved') {
        res.statusCode = 301;
        res.setHeader('Location', '/note');
        return res.end();
      }
      res.setHeader('Content-Type', 'application/activity+json');
      res.end(JSON.stringify({ ...NOTE, id: `${base}${req.url}` }));
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    clients.forEach((client) => client.onApplicationShutdown());
    await new Promise((resolve) => server.close(resolve));
  });

  function federationWith(allowAddress: (address: string) => boolean) {
    const client = new SafeHttpClient({ userAgent: USER_AGENT, allowAddress });
    clients.push(client);
    const kv = new MemoryKvStore();
    const federation = createFederation<void>({
      kv,
      documentLoaderFactory: safeDocumentLoaderFactory(client, kv, 'object'),
      contextLoaderFactory: safeDocumentLoaderFactory(client, kv, 'context'),
      authenticatedDocumentLoaderFactory: safeAuthenticatedDocumentLoaderFactory(client),
    });
    return federation.createContext(new URL('https://nestodon.test/'));
  }

  it('refuses private addresses in documents, contexts and signed fetches', async () => {
    const ctx = federationWith(publicAddressOnly);
    const before = requests.length;
    await expect(ctx.documentLoader(`${base}/note`)).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(ctx.contextLoader(`${base}/context`)).rejects.toBeInstanceOf(BlockedAddressError);
    const [rsa] = toCryptoKeyPairs(await generateActorKeys());
    const signed = ctx.getDocumentLoader({
      keyId: new URL('https://nestodon.test/actor#main-key'),
      privateKey: rsa.privateKey,
    });
    await expect(signed(`${base}/private`)).rejects.toBeInstanceOf(BlockedAddressError);
    // Parsing a document that refers elsewhere fetches through the same loaders.
    const note = await Note.fromJsonLd(
      { ...NOTE, id: 'https://nestodon.test/n', inReplyTo: `${base}/note` },
      { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader },
    );
    await expect(note.getReplyTarget()).rejects.toBeInstanceOf(BlockedAddressError);
    expect(requests.length).toBe(before);
  });

  it('fetches through the safe client when allowed, with our User-Agent, following redirects', async () => {
    const ctx = federationWith(anyAddress);
    const loaded = await ctx.documentLoader(`${base}/moved`);
    expect(loaded.documentUrl).toBe(`${base}/note`);
    expect(loaded.document).toMatchObject({ id: `${base}/note`, type: 'Note' });
    expect(requests.at(-1)!.headers['user-agent']).toBe(USER_AGENT);
    expect(requests.at(-1)!.headers.accept).toContain('application/activity+json');
  });

  it('signs fetches made as an actor, each hop anew', async () => {
    const ctx = federationWith(anyAddress);
    const [rsa] = toCryptoKeyPairs(await generateActorKeys());
    const signed = ctx.getDocumentLoader({
      keyId: new URL('https://nestodon.test/actor#main-key'),
      privateKey: rsa.privateKey,
    });
    const before = requests.length;
    await signed(`${base}/moved`);
    const hops = requests.slice(before);
    expect(hops.map((req) => req.url)).toEqual(['/moved', '/note']);
    for (const hop of hops) {
      expect(hop.headers.signature).toContain('keyId="https://nestodon.test/actor#main-key"');
      expect(hop.headers['user-agent']).toBe(USER_AGENT);
    }
  });
});
