import { IdPage } from '@nestodon/domain';
import { RedisService } from '@nestodon/platform';
import type { ChainableCommander } from 'ioredis';
import {
  compareIds,
  FEED_MAX_ITEMS,
  FeedEntry,
  FeedManager,
  FeedType,
  HomeFeedPage,
  REBLOG_FALLOFF,
  REGENERATION_TTL_SECONDS,
} from './feed-manager';

/** Extra members read past a page: ids sharing a double score with a bound are sorted out here. */
const READ_SLACK = 32;

// Adds a status unless it duplicates a recent reblog, then trims the feed and ends reblog
// tracking below the falloff rank. KEYS: feed, reblog tracking. ARGV: id, reblogged id or '',
// max items, falloff. Returns 1 when added.
const ADD_SCRIPT = `
local id = ARGV[1]
local original = ARGV[2]
if original ~= '' then
  local rank = redis.call('ZREVRANK', KEYS[1], original)
  if rank and rank < tonumber(ARGV[4]) then return 0 end
  if redis.call('ZADD', KEYS[2], 'NX', id, original) == 0 then return 0 end
else
  if redis.call('ZSCORE', KEYS[2], id) then return 0 end
end
local added = redis.call('ZADD', KEYS[1], id, id)
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(tonumber(ARGV[3]) + 1))
local falloff = redis.call('ZREVRANGE', KEYS[1], ARGV[4], ARGV[4], 'WITHSCORES')
if falloff[2] then redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', falloff[2]) end
return added
`;

// Removes a status (and its reblog tracking). KEYS: feed, reblog tracking. ARGV: id, reblogged
// id or ''. Returns 1 when it was in the feed.
const REMOVE_SCRIPT = `
local removed = redis.call('ZREM', KEYS[1], ARGV[1])
if removed == 1 and ARGV[2] ~= '' then redis.call('ZREM', KEYS[2], ARGV[2]) end
return removed
`;

type FeedRedis = RedisService['client'] & {
  feedAdd(feed: string, reblogs: string, ...args: string[]): Promise<number>;
  feedRemove(feed: string, reblogs: string, ...args: string[]): Promise<number>;
};
type FeedPipeline = ChainableCommander & {
  feedAdd(feed: string, reblogs: string, ...args: string[]): ChainableCommander;
  feedRemove(feed: string, reblogs: string, ...args: string[]): ChainableCommander;
};

/** The sorted set of a feed in Redis, below the namespace (Mastodon's key name). */
export function redisFeedKey(type: FeedType, id: string): string {
  return `feed:${type}:${id}`;
}

/**
 * Home and list feeds as capped Redis sorted sets (status id as member and score), the
 * production default. Owns the key names; Lua scripts apply the insertion rules atomically.
 */
export class RedisFeedManager extends FeedManager {
  private readonly redis: FeedRedis;

  constructor(private readonly redisService: RedisService) {
    super();
    const client = redisService.client as FeedRedis;
    if (typeof client.feedAdd !== 'function') {
      client.defineCommand('feedAdd', { numberOfKeys: 2, lua: ADD_SCRIPT });
      client.defineCommand('feedRemove', { numberOfKeys: 2, lua: REMOVE_SCRIPT });
    }
    this.redis = client;
  }

  private key(type: FeedType, id: string): string {
    return redisFeedKey(type, id);
  }

  private reblogKey(type: FeedType, id: string): string {
    return `feed:${type}:${id}:reblogs`;
  }

  private readyKey(accountId: string): string {
    return `feed:home:${accountId}:ready`;
  }

  private regenerationKey(accountId: string): string {
    return `account:${accountId}:regeneration`;
  }

  private addArgs(type: FeedType, id: string, entry: FeedEntry): [string, string, ...string[]] {
    return [
      this.key(type, id),
      this.reblogKey(type, id),
      entry.id,
      entry.reblogOfId ?? '',
      String(FEED_MAX_ITEMS),
      String(REBLOG_FALLOFF),
    ];
  }

  /**
   * Adds one entry to many feeds in one round trip; returns the ids of the feeds it went
   * into.
   */
  async addToMany(type: FeedType, ids: string[], entry: FeedEntry): Promise<string[]> {
    if (ids.length === 0) return [];
    const pipeline = this.redis.pipeline() as FeedPipeline;
    for (const id of ids) pipeline.feedAdd(...this.addArgs(type, id, entry));
    const results = (await pipeline.exec()) ?? [];
    return ids.filter((_, index) => results[index]?.[1] === 1);
  }

  /** Adds many entries to one feed (regeneration, merges). */
  async addMany(type: FeedType, id: string, entries: FeedEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    const pipeline = this.redis.pipeline() as FeedPipeline;
    // Oldest first, so reblog de-duplication sees entries in the order they were posted.
    const ordered = [...entries].sort((a, b) => compareIds(a.id, b.id));
    for (const entry of ordered) pipeline.feedAdd(...this.addArgs(type, id, entry));
    const results = (await pipeline.exec()) ?? [];
    return results.filter((result) => result[1] === 1).length;
  }

  /** Removes one entry from many feeds; returns the ids of the feeds that held it. */
  async removeFromMany(type: FeedType, ids: string[], entry: FeedEntry): Promise<string[]> {
    const removed = await this.removePairs(
      type,
      ids.map((id) => [id, entry]),
    );
    return ids.filter((_, index) => removed[index]);
  }

  /** Removes many entries from one feed; returns the ids that were in it. */
  async removeMany(type: FeedType, id: string, entries: FeedEntry[]): Promise<string[]> {
    const removed = await this.removePairs(
      type,
      entries.map((entry) => [id, entry]),
    );
    return entries.filter((_, index) => removed[index]).map((entry) => entry.id);
  }

  /** Removes each entry from its feed in one round trip; whether each one was there. */
  private async removePairs(
    type: FeedType,
    pairs: Array<[feedId: string, entry: FeedEntry]>,
  ): Promise<boolean[]> {
    if (pairs.length === 0) return [];
    const pipeline = this.redis.pipeline() as FeedPipeline;
    for (const [id, entry] of pairs) {
      pipeline.feedRemove(
        this.key(type, id),
        this.reblogKey(type, id),
        entry.id,
        entry.reblogOfId ?? '',
      );
    }
    const results = (await pipeline.exec()) ?? [];
    return pairs.map((_, index) => results[index]?.[1] === 1);
  }

  /** Every status id in a feed, newest first. */
  async allIds(type: FeedType, id: string): Promise<string[]> {
    return this.redis.zrevrange(this.key(type, id), 0, -1);
  }

  /** The oldest id still in a feed, or null when it is empty. */
  async oldestId(type: FeedType, id: string): Promise<string | null> {
    const [oldest] = await this.redis.zrange(this.key(type, id), 0, 0);
    return oldest ?? null;
  }

  async size(type: FeedType, id: string): Promise<number> {
    return this.redis.zcard(this.key(type, id));
  }

  /**
   * A page of ids, newest first. Scores are doubles, so bounds are read inclusively and
   * compared exactly here (neighbouring snowflakes may share a score).
   */
  async read(type: FeedType, id: string, window: IdPage): Promise<string[]> {
    const pipeline = this.redis.pipeline();
    this.queueRead(pipeline, this.key(type, id), window);
    const [[error, members]] = (await pipeline.exec())!;
    if (error) throw error;
    return this.window(members as string[], window);
  }

  /**
   * A page of a home feed, whether the feed was built, and the values of `alsoGet` (other
   * per-user cache keys), in one round trip to Redis.
   */
  async readHome(accountId: string, window: IdPage, alsoGet: string[] = []): Promise<HomeFeedPage> {
    const pipeline = this.redis.pipeline();
    pipeline.exists(this.readyKey(accountId));
    this.queueRead(pipeline, this.key('home', accountId), window);
    for (const key of alsoGet) pipeline.get(key);
    const results = (await pipeline.exec())!;
    for (const [error] of results) if (error) throw error;
    return {
      ready: results[0][1] === 1,
      ids: this.window(results[1][1] as string[], window),
      values: results.slice(2).map(([, value]) => value as string | null),
    };
  }

  private queueRead(pipeline: ChainableCommander, key: string, window: IdPage): void {
    const count = window.limit + READ_SLACK;
    if (window.minId) {
      pipeline.zrangebyscore(key, window.minId, window.maxId ?? '+inf', 'LIMIT', 0, count);
    } else {
      const lower = window.sinceId ?? '-inf';
      pipeline.zrevrangebyscore(key, window.maxId ?? '+inf', lower, 'LIMIT', 0, count);
    }
  }

  /** Applies the window exactly to members read with inclusive bounds; newest first. */
  private window(members: string[], window: IdPage): string[] {
    const lower = window.minId ?? window.sinceId;
    const inside = members.filter(
      (member) =>
        (!window.maxId || compareIds(member, window.maxId) < 0) &&
        (!lower || compareIds(member, lower) > 0) &&
        (!window.sinceId || compareIds(member, window.sinceId) > 0),
    );
    return window.minId ? inside.slice(0, window.limit).reverse() : inside.slice(0, window.limit);
  }

  /** Deletes a feed and its reblog tracking (list deleted, feed rebuilt from scratch). */
  async clear(type: FeedType, id: string): Promise<void> {
    const keys = [this.key(type, id), this.reblogKey(type, id)];
    if (type === 'home') keys.push(this.readyKey(id));
    await this.redis.unlink(...keys);
  }

  /**
   * Deletes every home and list feed with its tracking and marks (`feeds clear`); each home
   * feed is rebuilt when its owner next reads it. Returns the keys deleted.
   */
  clearAll(): Promise<number> {
    return this.redisService.deleteMatching('feed:*');
  }

  // --- Regeneration marks ----------------------------------------------------------------

  /** Whether the home feed was built (by regeneration) and not dropped since. */
  async isReady(accountId: string): Promise<boolean> {
    return (await this.redis.exists(this.readyKey(accountId))) === 1;
  }

  async markReady(accountId: string): Promise<void> {
    await this.redis.set(this.readyKey(accountId), '1');
  }

  /** Claims the regeneration of a home feed; false when one is already running. */
  async beginRegeneration(accountId: string): Promise<boolean> {
    const set = await this.redis.set(
      this.regenerationKey(accountId),
      '1',
      'EX',
      REGENERATION_TTL_SECONDS,
      'NX',
    );
    return set === 'OK';
  }

  async endRegeneration(accountId: string): Promise<void> {
    await this.redis.del(this.regenerationKey(accountId));
  }
}
