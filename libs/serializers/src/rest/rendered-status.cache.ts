import { createHash } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig, NESTODON_VERSION } from '@nestodon/config';
import { Status } from '@nestodon/domain';
import { AccountJson } from './account.serializer';
import { StatusPage } from './status-page.loader';
import type { StatusJson } from './status.serializer';

/**
 * Where rendered statuses are kept between requests (Redis; none without it), by key. Writes
 * are fire-and-forget: a lost one only costs a later rendering.
 */
export interface RenderedStatusStore {
  /** The values at `keys`, in order, null where there is none. */
  read(keys: string[]): Promise<Array<string | null>>;
  write(entries: Array<[key: string, value: string]>): void;
}
export const RENDERED_STATUS_STORE = Symbol('RENDERED_STATUS_STORE');

/**
 * Under `cache:` so that `cache clear` drops them. Bump the format when serializeStatus or the
 * account serializer change what they render, so no process reads another version's output.
 */
const KEY_FORMAT = 'cache:statuses:1';

/** Fields of a status that differ between viewers or moments; never stored. */
const LIVE_STATUS_FIELDS = [
  'sensitive',
  'replies_count',
  'reblogs_count',
  'favourites_count',
  'quotes_count',
  'favourited',
  'reblogged',
  'muted',
  'bookmarked',
  'pinned',
  'filtered',
  'text',
  'quote_approval',
] as const;
const LIVE_ACCOUNT_FIELDS = [
  'followers_count',
  'following_count',
  'statuses_count',
  'last_status_at',
] as const;

/**
 * The viewer-independent rendering of a status, as stored: its StatusJson without the fields
 * above and with `reblog` null (the reblogged status is stored on its own); its author without
 * counters.
 */
export type StoredStatusRendering = Omit<
  StatusJson,
  (typeof LIVE_STATUS_FIELDS)[number] | 'account'
> & {
  account: Omit<AccountJson, (typeof LIVE_ACCOUNT_FIELDS)[number]>;
};

/**
 * The rendered-status cache: what a status renders as for everyone, kept by the versions the
 * database gives the status, its author and everything all statuses show (the render epoch,
 * read with the status; see the RenderVersions migration), so any write moves the key and
 * nothing needs deleting. Statuses loaded without the epoch are rendered, not kept.
 * Only statuses whose rendering depends on nothing else are kept: no poll (votes are live
 * and per viewer), no quote (shown by the viewer's relations), an author who has not moved.
 */
@Injectable()
export class RenderedStatusCache {
  private readonly prefix: string;
  /**
   * The renderings this process read or wrote last, parsed. Requests share them: what renders
   * from one copies what it changes (serializeStoredStatus).
   */
  private readonly recent = new RecentRenderings(RECENT_RENDERINGS);

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional()
    @Inject(RENDERED_STATUS_STORE)
    private readonly store?: RenderedStatusStore | null,
  ) {
    // What renderings are made of besides the rows: the addresses they link to and the code.
    const rendering = createHash('sha256')
      .update(`${NESTODON_VERSION} ${config.instance.baseUrl} ${config.media.baseUrl}`)
      .digest('hex')
      .slice(0, 12);
    this.prefix = `${KEY_FORMAT}:${rendering}`;
  }

  get enabled(): boolean {
    return Boolean(this.store);
  }

  /** The stored renderings of statuses and of the statuses they reblog, by status id. */
  async read(statuses: Status[]): Promise<Map<string, StoredStatusRendering>> {
    const found = new Map<string, StoredStatusRendering>();
    if (!this.store) return found;
    const all = statuses
      .flatMap((status) => (status.reblog ? [status, status.reblog] : [status]))
      .filter(hasEpoch);
    const missing: Array<{ id: string; key: string }> = [];
    for (const status of all) {
      const key = this.key(status);
      const recent = this.recent.get(key);
      if (recent) found.set(status.id, recent);
      else missing.push({ id: status.id, key });
    }
    if (missing.length === 0) return found;
    const values = await this.store.read(missing.map(({ key }) => key));
    values.forEach((value, index) => {
      if (value === null) return;
      const { id, key } = missing[index];
      const parsed = JSON.parse(value) as StoredStatusRendering;
      this.recent.set(key, parsed);
      found.set(id, parsed);
    });
    return found;
  }

  /** Keeps the renderings of `statuses` (and what they reblog) that may be kept. */
  write(statuses: Status[], rendered: StatusJson[], page: StatusPage): void {
    if (!this.store) return;
    const entries = new Map<string, string>();
    const keep = (status: Status, json: StatusJson) => {
      if (!hasEpoch(status) || !keepable(status, page)) return;
      const key = this.key(status);
      const value = JSON.stringify(storedForm(json));
      entries.set(key, value);
      // Parsed again rather than kept as built: storedForm's deletions leave an object V8
      // copies fifty times slower.
      this.recent.set(key, JSON.parse(value) as StoredStatusRendering);
    };
    statuses.forEach((status, index) => {
      keep(status, rendered[index]);
      if (status.reblog && rendered[index].reblog) keep(status.reblog, rendered[index].reblog);
    });
    if (entries.size > 0) this.store.write([...entries]);
  }

  /** Drops the parsed renderings this process holds (`cache clear`). */
  forgetRecent(): void {
    this.recent.clear();
  }

  private key(status: Status & { renderEpoch: string }): string {
    return `${this.prefix}:${status.renderEpoch}:${status.id}:${status.renderVersion}:${status.account!.renderVersion}`;
  }
}

/**
 * How many parsed renderings a process keeps (a few MB): the statuses of the pages read most,
 * without a Redis round trip or JSON parsing. Keys never go stale, so neither do these.
 */
const RECENT_RENDERINGS = 2000;

/** The last `capacity` renderings used, by key (a Map keeps insertion order: oldest first). */
class RecentRenderings {
  private readonly entries = new Map<string, StoredStatusRendering>();

  constructor(private readonly capacity: number) {}

  get(key: string): StoredStatusRendering | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  set(key: string, value: StoredStatusRendering): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }
}

/** Statuses read by StatusRepository carry the render epoch they were read in. */
const hasEpoch = (status: Status): status is Status & { renderEpoch: string } =>
  status.renderEpoch !== undefined;

/** Whether a status's rendering depends only on its versions (see RenderedStatusCache). */
function keepable(status: Status, page: StatusPage): boolean {
  const account = status.account!;
  return (
    status.pollId === null &&
    !page.quotes.has(status.id) &&
    account.movedToAccountId === null &&
    account.suspendedAt === null
  );
}

function storedForm(json: StatusJson): StoredStatusRendering {
  const stored: Partial<StatusJson> = { ...json, reblog: null };
  for (const field of LIVE_STATUS_FIELDS) delete stored[field];
  const account: Partial<AccountJson> = { ...json.account };
  for (const field of LIVE_ACCOUNT_FIELDS) delete account[field];
  return { ...stored, account } as StoredStatusRendering;
}
