import { FeedEntryRepository, IdPage } from '@nestodon/domain';
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

/**
 * Home and list feeds in PostgreSQL when Redis is not used (USE_REDIS=never): rows of the
 * UNLOGGED `feed_entries` table, the insertion rules in the `feed_add` function (so a fan-out
 * batch is one statement), paging with exact bigint bounds.
 */
export class PostgresFeedManager extends FeedManager {
  constructor(private readonly entries: FeedEntryRepository) {
    super();
  }

  async addToMany(type: FeedType, ids: string[], entry: FeedEntry): Promise<string[]> {
    const added = await this.entries.add(
      type,
      ids.map((feedId) => ({ feedId, statusId: entry.id, reblogOfId: entry.reblogOfId })),
      FEED_MAX_ITEMS,
      REBLOG_FALLOFF,
    );
    const into = new Set(added.map((placement) => placement.feedId));
    return ids.filter((id) => into.has(id));
  }

  async addMany(type: FeedType, id: string, entries: FeedEntry[]): Promise<number> {
    // Oldest first, so reblog de-duplication sees entries in the order they were posted.
    const ordered = [...entries].sort((a, b) => compareIds(a.id, b.id));
    const added = await this.entries.add(
      type,
      ordered.map((entry) => ({ feedId: id, statusId: entry.id, reblogOfId: entry.reblogOfId })),
      FEED_MAX_ITEMS,
      REBLOG_FALLOFF,
    );
    return added.length;
  }

  async removeFromMany(type: FeedType, ids: string[], entry: FeedEntry): Promise<string[]> {
    const removed = await this.entries.remove(
      type,
      ids.map((feedId) => ({ feedId, statusId: entry.id })),
    );
    const from = new Set(removed.map((placement) => placement.feedId));
    return ids.filter((id) => from.has(id));
  }

  async removeMany(type: FeedType, id: string, entries: FeedEntry[]): Promise<string[]> {
    const removed = await this.entries.remove(
      type,
      entries.map((entry) => ({ feedId: id, statusId: entry.id })),
    );
    const gone = new Set(removed.map((placement) => placement.statusId));
    return entries.filter((entry) => gone.has(entry.id)).map((entry) => entry.id);
  }

  allIds(type: FeedType, id: string): Promise<string[]> {
    return this.entries.allIds(type, id);
  }

  oldestId(type: FeedType, id: string): Promise<string | null> {
    return this.entries.oldestId(type, id);
  }

  size(type: FeedType, id: string): Promise<number> {
    return this.entries.size(type, id);
  }

  read(type: FeedType, id: string, window: IdPage): Promise<string[]> {
    return this.entries.page(type, id, window);
  }

  /** The page and the "built" mark in one query; cache keys live elsewhere (values undefined). */
  async readHome(accountId: string, window: IdPage, alsoGet: string[] = []): Promise<HomeFeedPage> {
    const { ids, built } = await this.entries.homePage(accountId, window);
    return { ids, ready: built, values: alsoGet.map(() => undefined) };
  }

  clear(type: FeedType, id: string): Promise<void> {
    return this.entries.clear(type, id);
  }

  clearAll(): Promise<number> {
    return this.entries.clearAll();
  }

  isReady(accountId: string): Promise<boolean> {
    return this.entries.isBuilt(accountId);
  }

  markReady(accountId: string): Promise<void> {
    return this.entries.markBuilt(accountId);
  }

  beginRegeneration(accountId: string): Promise<boolean> {
    return this.entries.beginRegeneration(accountId, REGENERATION_TTL_SECONDS);
  }

  endRegeneration(accountId: string): Promise<void> {
    return this.entries.endRegeneration(accountId);
  }
}
