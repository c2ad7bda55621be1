import { IdPage } from '@nestodon/domain';

export type FeedType = 'home' | 'list';

/** Longest a feed gets; older entries are trimmed (Mastodon's MAX_ITEMS). */
export const FEED_MAX_ITEMS = 400;
/**
 * A reblog is not inserted when the status, or another reblog of it, is among the newest this
 * many entries (Mastodon's REBLOG_FALLOFF); reblog tracking ends below that rank.
 */
export const REBLOG_FALLOFF = 40;
/** How long a regeneration may run before another request may start one again. */
export const REGENERATION_TTL_SECONDS = 24 * 3600;

export interface FeedEntry {
  id: string;
  reblogOfId: string | null;
}

/** A page of a home feed, as `readHome` answers. */
export interface HomeFeedPage {
  ids: string[];
  /** Whether the feed was built (by regeneration) and not dropped since. */
  ready: boolean;
  /** The values of `alsoGet`; undefined where the store does not hold them (read them apart). */
  values: Array<string | null | undefined>;
}

/** Orders decimal id strings numerically. */
export const compareIds = (a: string, b: string): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * The feed store port: home and list feeds, capped at FEED_MAX_ITEMS, with reblog
 * de-duplication within REBLOG_FALLOFF, removal, paging by id, and the marks for "this feed
 * was built" and "a rebuild is running". Adapters: RedisFeedManager (sorted sets, the
 * production default) and PostgresFeedManager (an UNLOGGED table), chosen at boot from
 * `config.redis.enabled`; one contract suite runs against both.
 */
export abstract class FeedManager {
  /** Adds one entry to many feeds in one round trip; returns the ids of the feeds it went into. */
  abstract addToMany(type: FeedType, ids: string[], entry: FeedEntry): Promise<string[]>;

  /** Adds many entries to one feed (regeneration, merges); returns how many went in. */
  abstract addMany(type: FeedType, id: string, entries: FeedEntry[]): Promise<number>;

  /** Removes one entry from many feeds; returns the ids of the feeds that held it. */
  abstract removeFromMany(type: FeedType, ids: string[], entry: FeedEntry): Promise<string[]>;

  /** Removes many entries from one feed; returns the ids that were in it. */
  abstract removeMany(type: FeedType, id: string, entries: FeedEntry[]): Promise<string[]>;

  /** Every status id in a feed, newest first. */
  abstract allIds(type: FeedType, id: string): Promise<string[]>;

  /** The oldest id still in a feed, or null when it is empty. */
  abstract oldestId(type: FeedType, id: string): Promise<string | null>;

  abstract size(type: FeedType, id: string): Promise<number>;

  /** A page of ids (max_id, since_id, min_id, limit), newest first. */
  abstract read(type: FeedType, id: string, window: IdPage): Promise<string[]>;

  /**
   * A page of a home feed and whether it was built, with the values of `alsoGet` (other
   * per-user cache keys) when the store holds them, in one round trip.
   */
  abstract readHome(accountId: string, window: IdPage, alsoGet?: string[]): Promise<HomeFeedPage>;

  /** Deletes a feed and its reblog tracking (list deleted, feed rebuilt from scratch). */
  abstract clear(type: FeedType, id: string): Promise<void>;

  /**
   * Deletes every home and list feed with its tracking and marks (`feeds clear`); each home
   * feed is rebuilt when its owner next reads it. Returns how many things were deleted.
   */
  abstract clearAll(): Promise<number>;

  /** Whether the home feed was built (by regeneration) and not dropped since. */
  abstract isReady(accountId: string): Promise<boolean>;

  abstract markReady(accountId: string): Promise<void>;

  /** Claims the regeneration of a home feed; false when one is already running. */
  abstract beginRegeneration(accountId: string): Promise<boolean>;

  abstract endRegeneration(accountId: string): Promise<void>;
}
