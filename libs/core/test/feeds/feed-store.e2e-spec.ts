import { FEED_MAX_ITEMS, FeedEntry, FeedManager, REBLOG_FALLOFF } from '@nestodon/core';
import { CoreContext, startCore } from '../support/core-context';

/**
 * The feed store contract, run against both adapters on the real servers: Redis sorted sets
 * (this file's namespace) and PostgreSQL (this file's database, USE_REDIS=never).
 */
const ADAPTERS: Array<[string, Record<string, string>]> = [
  ['Redis', { USE_REDIS: 'always' }],
  ['PostgreSQL', { USE_REDIS: 'never' }],
];

/**
 * Snowflake-sized ids past 2^53: neighbours share a double, so paging must compare exactly.
 * `n` is the status's age order (higher is newer).
 */
const BASE = 110_000_000_000_000_000n;
const id = (n: number) => String(BASE + BigInt(n));
const post = (n: number): FeedEntry => ({ id: id(n), reblogOfId: null });
const reblog = (n: number, of: number): FeedEntry => ({ id: id(n), reblogOfId: id(of) });
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe.each(ADAPTERS)('feed store on %s', (_name, env) => {
  let core: CoreContext;
  let feeds: FeedManager;
  let nextFeed = 1;
  /** A feed id of its own for each test. */
  const feed = () => String(nextFeed++);

  beforeAll(async () => {
    core = await startCore({ env });
    feeds = core.app.get(FeedManager);
  });
  afterAll(() => core.close());

  it('adds an entry to many feeds in one call, each once', async () => {
    const [a, b, c] = [feed(), feed(), feed()];
    expect(await feeds.addToMany('home', [a, b], post(1))).toEqual([a, b]);
    expect(await feeds.addToMany('home', [a, b, c], post(1))).toEqual([c]);
    expect(await feeds.addToMany('home', [], post(2))).toEqual([]);
    expect(await feeds.allIds('home', a)).toEqual([id(1)]);
    // Home and list feeds of the same id are different feeds.
    expect(await feeds.allIds('list', a)).toEqual([]);
  });

  it('keeps the newest FEED_MAX_ITEMS entries', async () => {
    const f = feed();
    const extra = 7;
    expect(await feeds.addMany('home', f, range(1, FEED_MAX_ITEMS + extra).map(post))).toBe(
      FEED_MAX_ITEMS + extra,
    );
    expect(await feeds.size('home', f)).toBe(FEED_MAX_ITEMS);
    expect(await feeds.oldestId('home', f)).toBe(id(extra + 1));
    // One more, added alone, pushes the oldest out.
    await feeds.addToMany('home', [f], post(FEED_MAX_ITEMS + extra + 1));
    expect(await feeds.size('home', f)).toBe(FEED_MAX_ITEMS);
    expect(await feeds.oldestId('home', f)).toBe(id(extra + 2));
    expect(await feeds.oldestId('home', feed())).toBeNull();
  });

  it('leaves out a reblog while its original is among the newest REBLOG_FALLOFF entries', async () => {
    const f = feed();
    await feeds.addMany('home', f, [post(1), ...range(2, REBLOG_FALLOFF).map(post)]);
    // The original has REBLOG_FALLOFF - 1 newer entries: still within the falloff.
    expect(await feeds.addToMany('home', [f], reblog(1000, 1))).toEqual([]);
    await feeds.addToMany('home', [f], post(REBLOG_FALLOFF + 1));
    // Now it has REBLOG_FALLOFF newer ones: the reblog goes in.
    expect(await feeds.addToMany('home', [f], reblog(1001, 1))).toEqual([f]);
  });

  it('lets one reblog of a status in until it falls off, and then the next one', async () => {
    const f = feed();
    expect(await feeds.addToMany('home', [f], reblog(10, 1))).toEqual([f]);
    expect(await feeds.addToMany('home', [f], reblog(11, 1))).toEqual([]);
    // The original itself stays out while a reblog of it is tracked.
    expect(await feeds.addToMany('home', [f], post(1))).toEqual([]);
    // REBLOG_FALLOFF newer entries push the first reblog out of the tracked window.
    await feeds.addMany('home', f, range(100, 99 + REBLOG_FALLOFF).map(post));
    expect(await feeds.addToMany('home', [f], reblog(200, 1))).toEqual([f]);
    expect(await feeds.allIds('home', f)).toContain(id(10));
    expect(await feeds.allIds('home', f)).not.toContain(id(11));
  });

  it('applies the reblog rules in age order when many entries are added at once', async () => {
    const f = feed();
    // Given newest first; the older reblog wins, the newer one and the original stay out.
    expect(await feeds.addMany('list', f, [reblog(12, 1), reblog(11, 1), post(5)])).toBe(2);
    expect(await feeds.allIds('list', f)).toEqual([id(11), id(5)]);
  });

  it('removes entries, ending the tracking of a removed reblog', async () => {
    const [a, b] = [feed(), feed()];
    await feeds.addToMany('home', [a, b], reblog(10, 1));
    await feeds.addToMany('home', [a], post(20));
    expect(await feeds.removeFromMany('home', [a, b, feed()], reblog(10, 1))).toEqual([a, b]);
    expect(await feeds.removeFromMany('home', [a, b], reblog(10, 1))).toEqual([]);
    // With the reblog gone, another reblog of the same status may enter.
    expect(await feeds.addToMany('home', [a], reblog(30, 1))).toEqual([a]);
    expect(await feeds.removeMany('home', a, [post(20), post(21), reblog(30, 1)])).toEqual([
      id(20),
      id(30),
    ]);
    expect(await feeds.allIds('home', a)).toEqual([]);
  });

  it('pages with max_id, since_id and min_id, exactly, newest first', async () => {
    const f = feed();
    // Neighbouring ids (1 apart) share a double score in Redis.
    await feeds.addMany('home', f, range(1, 30).map(post));
    expect(await feeds.read('home', f, { limit: 3 })).toEqual([id(30), id(29), id(28)]);
    expect(await feeds.read('home', f, { limit: 3, maxId: id(28) })).toEqual([
      id(27),
      id(26),
      id(25),
    ]);
    expect(await feeds.read('home', f, { limit: 3, sinceId: id(5) })).toEqual([
      id(30),
      id(29),
      id(28),
    ]);
    expect(await feeds.read('home', f, { limit: 40, maxId: id(8), sinceId: id(5) })).toEqual([
      id(7),
      id(6),
    ]);
    // min_id: the entries just above the cursor, still newest first.
    expect(await feeds.read('home', f, { limit: 3, minId: id(5) })).toEqual([id(8), id(7), id(6)]);
    expect(await feeds.read('home', f, { limit: 3, minId: id(5), maxId: id(7) })).toEqual([id(6)]);
    expect(await feeds.read('home', f, { limit: 3, minId: id(30) })).toEqual([]);
    expect(await feeds.allIds('home', f)).toEqual(range(1, 30).reverse().map(id));
  });

  it('reads a home page with its "built" mark', async () => {
    const f = feed();
    await feeds.addToMany('home', [f], post(1));
    const before = await feeds.readHome(f, { limit: 20 }, ['cache:missing']);
    expect(before).toMatchObject({ ids: [id(1)], ready: false });
    expect(before.values).toHaveLength(1);
    expect(before.values[0] ?? null).toBeNull();
    await feeds.markReady(f);
    expect(await feeds.isReady(f)).toBe(true);
    expect(await feeds.readHome(f, { limit: 20 })).toMatchObject({ ids: [id(1)], ready: true });
  });

  it('clears one feed with its mark, or every feed', async () => {
    const [a, b] = [feed(), feed()];
    await feeds.addToMany('home', [a, b], reblog(10, 1));
    await feeds.addToMany('list', [a], post(2));
    await feeds.markReady(a);
    await feeds.clear('home', a);
    expect(await feeds.allIds('home', a)).toEqual([]);
    expect(await feeds.isReady(a)).toBe(false);
    // Its reblog tracking went too.
    expect(await feeds.addToMany('home', [a], reblog(11, 1))).toEqual([a]);
    expect(await feeds.allIds('list', a)).toEqual([id(2)]);

    await feeds.markReady(b);
    expect(await feeds.clearAll()).toBeGreaterThan(0);
    for (const [type, owner] of [
      ['home', a],
      ['home', b],
      ['list', a],
    ] as const) {
      expect(await feeds.size(type, owner)).toBe(0);
    }
    expect(await feeds.isReady(b)).toBe(false);
  });

  it('lets one regeneration run at a time', async () => {
    const owner = feed();
    expect(await feeds.beginRegeneration(owner)).toBe(true);
    expect(await feeds.beginRegeneration(owner)).toBe(false);
    await feeds.endRegeneration(owner);
    expect(await feeds.beginRegeneration(owner)).toBe(true);
    expect(await feeds.beginRegeneration(feed())).toBe(true);
  });
});
