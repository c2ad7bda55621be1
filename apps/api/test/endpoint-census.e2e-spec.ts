import { createLocalAccount, createStatus } from '@nestodon/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiHarness, startApi } from './support/api-harness';
import { mappedRoutes } from './support/mapped-routes';

/** Rows of a tab-separated file with a header line, as objects keyed by the header's names. */
function readTsv(name: string): Array<Record<string, string>> {
  const [header, ...lines] = readFileSync(join(__dirname, 'fixtures', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const columns = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
  });
}

/** `GET /api/v1/accounts/:account_id/collections` and `…/:id/…` name the same route. */
const endpointKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.replace(/:[A-Za-z_]+/g, ':param')}`;

/** Paths Fedify may answer in FederationMiddleware, before Nest's router. */
const FEDERATION_SURFACE = /^\/(users\/|actor\b|inbox$|@|nodeinfo\/|\.well-known\/)/;

/**
 * The census of Mastodon's endpoints (issue 15): every current endpoint of the reference
 * inventory is routed by the api, or listed in unrouted-endpoints.tsv with the reason (the work
 * that will route it). A listed endpoint that gets routed must leave the list. Nest's routes
 * come from its metadata; the federation surface, which Fedify serves outside Nest's router, is
 * asked over HTTP about a real account and status (for ActivityPub, but profile pages, which
 * Mastodon serves as HTML, as a browser): anything but 404/405 means it is served.
 */
describe('census of Mastodon’s current endpoints', () => {
  let api: ApiHarness;
  let routed: Set<string>;
  const current = readTsv('mastodon-endpoints.tsv').filter((row) => row.status === 'current');
  const reasons = readTsv('unrouted-endpoints.tsv');

  beforeAll(async () => {
    api = await startApi();
    routed = new Set(mappedRoutes(api.app).map((route) => endpointKey(route.method, route.path)));
    const { account } = await createLocalAccount(api.dataSource, { username: 'census' });
    const status = await createStatus(api.dataSource, account);
    const sample = (path: string) =>
      path
        .replace(/collections\/:id/, 'collections/featured')
        .replace(/:username|:acct/g, 'census')
        .replace(/:[A-Za-z_]+/g, status.id);
    for (const row of current) {
      const key = endpointKey(row.method, row.path);
      if (routed.has(key) || !FEDERATION_SURFACE.test(row.path)) continue;
      const method = row.method.toLowerCase() as 'get' | 'post';
      const res = await api.http[method](sample(row.path))
        .query(
          row.path === '/.well-known/webfinger' ? { resource: 'acct:census@nestodon.test' } : {},
        )
        .set('Accept', row.path.startsWith('/@') ? 'text/html' : 'application/activity+json');
      if (res.status !== 404 && res.status !== 405) routed.add(key);
    }
  });
  afterAll(() => api?.close());

  it('reads the inventory', () => {
    expect(current.length).toBeGreaterThan(250);
  });

  it('routes every current endpoint, or says why not', () => {
    const excused = new Set(reasons.map((row) => endpointKey(row.method, row.path)));
    const missing = current
      .map((row) => endpointKey(row.method, row.path))
      .filter((key) => !routed.has(key) && !excused.has(key));
    expect(missing).toEqual([]);
  });

  it('gives each unrouted endpoint a reason, and only endpoints still unrouted', () => {
    const inventory = new Set(current.map((row) => endpointKey(row.method, row.path)));
    const problems = reasons.flatMap((row) => {
      const key = endpointKey(row.method, row.path);
      if (!inventory.has(key)) return [`${key}: not a current endpoint of the inventory`];
      if (routed.has(key)) return [`${key}: routed now, remove its line`];
      if (row.reason.trim() === '') return [`${key}: no reason given`];
      return [];
    });
    expect(problems).toEqual([]);
  });
});
