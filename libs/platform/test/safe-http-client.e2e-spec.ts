import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import {
  anyAddress,
  BlockedAddressError,
  OutboundTimeoutError,
  publicAddressOnly,
  RedirectError,
  ResponseTooLargeError,
  SafeHttpClient,
} from '@nestodon/platform';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server on a loopback address, recording the requests it gets. */
async function serve(handler: Handler, host = '127.0.0.1') {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  server.listen(0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    requests,
    url: (path = '/') => `http://${host}:${port}${path}`,
    port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const USER_AGENT = 'Nestodon/0.1.0 (+https://nestodon.test/)';
const clients: SafeHttpClient[] = [];
function client(options: Partial<ConstructorParameters<typeof SafeHttpClient>[0]> = {}) {
  const created = new SafeHttpClient({ userAgent: USER_AGENT, ...options });
  clients.push(created);
  return created;
}
afterAll(() => clients.forEach((c) => c.onApplicationShutdown()));

describe('SafeHttpClient', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    server = await serve((req, res) => {
      if (req.url === '/json') {
        res.setHeader('content-type', 'application/activity+json');
        res.end(JSON.stringify({ ok: true, ua: req.headers['user-agent'] }));
      } else if (req.url === '/big') {
        res.end('x'.repeat(2048));
      } else if (req.url === '/big-chunked') {
        // No Content-Length: the cap must hold while streaming.
        res.write('x'.repeat(1024));
        res.end('x'.repeat(1024));
      } else if (req.url === '/gzip-bomb') {
        res.setHeader('content-encoding', 'gzip');
        res.end(gzipSync(Buffer.alloc(1024 * 1024)));
      } else if (req.url === '/gzip') {
        res.setHeader('content-encoding', 'gzip');
        res.end(gzipSync('compressed'));
      } else if (req.url === '/hang') {
        // Never answers.
      } else if (req.url?.startsWith('/redirect?to=')) {
        res.statusCode = 302;
        res.setHeader('location', decodeURIComponent(req.url.slice('/redirect?to='.length)));
        res.end();
      } else if (req.url === '/post-303') {
        res.statusCode = 303;
        res.setHeader('location', '/echo');
        res.end();
      } else if (req.url === '/empty') {
        res.writeHead(202, { 'content-length': '0' }).end();
      } else if (req.url === '/echo') {
        res.end(`${req.method} ${req.headers['content-length'] ?? '-'}`);
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  afterAll(() => server.close());

  it('refuses a loopback address by default, before connecting', async () => {
    const before = server.requests.length;
    await expect(client().fetch(server.url('/json'))).rejects.toBeInstanceOf(BlockedAddressError);
    expect(server.requests.length).toBe(before);
  });

  it('refuses a host name that resolves to a loopback address', async () => {
    await expect(client().fetch(`http://localhost:${server.port}/json`)).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it('refuses an IPv4-mapped IPv6 loopback literal', async () => {
    await expect(
      client().fetch(`http://[::ffff:127.0.0.1]:${server.port}/json`),
    ).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('connects to private addresses when allowed, sending our User-Agent', async () => {
    const response = await client({ allowAddress: anyAddress }).fetch(server.url('/json'));
    expect(response.status).toBe(200);
    expect(response.url).toBe(server.url('/json'));
    expect(await response.json()).toEqual({ ok: true, ua: USER_AGENT });
  });

  it('follows redirects, re-checking every target', async () => {
    const target = await serve((_req, res) => res.end('private target'), '127.0.0.2');
    try {
      // Only 127.0.0.1 passes: the first hop is allowed, the redirect target is not.
      const onlyFirstHost = (address: string) => address === '127.0.0.1';
      const redirect = server.url(`/redirect?to=${encodeURIComponent(target.url('/'))}`);
      await expect(client({ allowAddress: onlyFirstHost }).fetch(redirect)).rejects.toBeInstanceOf(
        BlockedAddressError,
      );
      expect(target.requests).toHaveLength(0);

      const followed = await client({ allowAddress: anyAddress }).fetch(redirect);
      expect(await followed.text()).toBe('private target');
      expect(followed.url).toBe(target.url('/'));
    } finally {
      await target.close();
    }
  });

  it('returns redirects as they are when asked to, and refuses redirects to other schemes', async () => {
    const http = client({ allowAddress: anyAddress });
    const manual = await http.fetch(server.url('/redirect?to=%2Fjson'), { redirect: 'manual' });
    expect(manual.status).toBe(302);
    await expect(
      http.fetch(server.url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`)),
    ).rejects.toBeInstanceOf(RedirectError);
  });

  it('turns a POST answered with 303 into a GET without a body', async () => {
    const response = await client({ allowAddress: anyAddress }).fetch(server.url('/post-303'), {
      method: 'POST',
      body: 'payload',
    });
    expect(await response.text()).toBe('GET -');
  });

  it('stops after too many redirects', async () => {
    const loop = server.url('/redirect?to=%2Fredirect%3Fto%3D%252Fjson');
    await expect(
      client({ allowAddress: anyAddress, maxRedirects: 1 }).fetch(loop),
    ).rejects.toBeInstanceOf(RedirectError);
  });

  it('refuses bodies larger than the cap, declared or streamed', async () => {
    const http = client({ allowAddress: anyAddress, maxBytes: 1024 });
    await expect(http.fetch(server.url('/big'))).rejects.toBeInstanceOf(ResponseTooLargeError);
    const streamed = await http.fetch(server.url('/big-chunked'));
    await expect(streamed.text()).rejects.toThrow();
    const small = await http.fetch(server.url('/big'), { maxBytes: 4096 });
    expect((await small.text()).length).toBe(2048);
  });

  it('decodes compressed bodies and caps their decoded size', async () => {
    const http = client({ allowAddress: anyAddress, maxBytes: 64 * 1024 });
    expect(await (await http.fetch(server.url('/gzip'))).text()).toBe('compressed');
    const bomb = await http.fetch(server.url('/gzip-bomb'));
    await expect(bomb.arrayBuffer()).rejects.toThrow();
  });

  it('sends a body given as bytes as it is, and answers an empty body without a stream', async () => {
    const http = client({ allowAddress: anyAddress });
    const bytes = new TextEncoder().encode('{"type":"Create"}');
    const response = await http.fetch(server.url('/echo'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/activity+json' },
      body: bytes,
    });
    expect(await response.text()).toBe(`POST ${bytes.byteLength}`);
    const request = server.requests.at(-1)!;
    expect(request.headers['content-type']).toBe('application/activity+json');
    const empty = await http.fetch(server.url('/empty'), { method: 'POST', body: bytes });
    expect(empty.status).toBe(202);
    expect(empty.body).toBeNull();
  });

  it('lets a body be dropped unread, and keeps working', async () => {
    const http = client({ allowAddress: anyAddress });
    for (const path of ['/big', '/json', '/gzip']) {
      const response = await http.fetch(server.url(path));
      await response.body!.cancel();
    }
    // Data arriving after the cancel must go nowhere (not into the cancelled stream).
    await new Promise((resolve) => setImmediate(resolve));
    expect(await (await http.fetch(server.url('/json'))).json()).toMatchObject({ ok: true });
  });

  it('gives up on a server that does not answer in time', async () => {
    await expect(
      client({ allowAddress: anyAddress }).fetch(server.url('/hang'), { timeoutMs: 200 }),
    ).rejects.toBeInstanceOf(OutboundTimeoutError);
  });
});

describe('publicAddressOnly', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '::127.0.0.1',
  ])('refuses %s', (address) => {
    expect(publicAddressOnly(address)).toBe(false);
  });

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    'allows %s',
    (address) => {
      expect(publicAddressOnly(address)).toBe(true);
    },
  );

  it('refuses what is not an address', () => {
    expect(publicAddressOnly('example.com')).toBe(false);
  });
});
