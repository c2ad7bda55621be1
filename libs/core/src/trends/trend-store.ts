import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';

export type TrendKind = 'tags' | 'links' | 'statuses';

/** A ranked item, whether staff allowed it (null: not reviewed) and its language. */
export interface RankedItem {
  id: string;
  score: number;
  trendable: boolean | null;
  language: string | null;
}

/**
 * The current trends in Redis, as Mastodon keeps them: per kind a sorted set of every
 * trending item not rejected (`all`), one of the staff-allowed ones (`allowed`) and each item's
 * language (`languages`), replaced together by each refresh.
 */
@Injectable()
export class TrendStore {
  constructor(private readonly redis: RedisService) {}

  private key(kind: TrendKind, set: 'all' | 'allowed' | 'languages') {
    return `trending:${kind}:${set}`;
  }

  async replace(kind: TrendKind, items: RankedItem[]): Promise<void> {
    const shown = items.filter((item) => item.trendable !== false && item.score > 0);
    const allowed = shown.filter((item) => item.trendable === true);
    const multi = this.redis.client.multi();
    for (const [set, list] of [
      ['all', shown],
      ['allowed', allowed],
    ] as const) {
      multi.del(this.key(kind, set));
      if (list.length > 0) {
        multi.zadd(this.key(kind, set), ...list.flatMap((item) => [item.score, item.id]));
      }
    }
    multi.del(this.key(kind, 'languages'));
    const languages = shown.flatMap((item) => (item.language ? [item.id, item.language] : []));
    if (languages.length > 0) multi.hset(this.key(kind, 'languages'), ...languages);
    await multi.exec();
  }

  /** Whether the item is trending (and allowed, when review is required). */
  async has(kind: TrendKind, allowedOnly: boolean, id: string): Promise<boolean> {
    return (
      (await this.redis.client.zscore(this.key(kind, allowedOnly ? 'allowed' : 'all'), id)) !== null
    );
  }

  /**
   * Ids by descending score; only allowed ones when review is required. With `languages`,
   * items in those languages come first (Mastodon's trends for the reader's languages), the
   * others after them, each group by score.
   */
  async page(
    kind: TrendKind,
    allowedOnly: boolean,
    offset: number,
    limit: number,
    languages: string[] = [],
  ): Promise<string[]> {
    const key = this.key(kind, allowedOnly ? 'allowed' : 'all');
    if (languages.length === 0) {
      return this.redis.client.zrevrange(key, offset, offset + limit - 1);
    }
    // The sets hold what is trending now (a few hundred items at most), so they are read whole.
    const ids = await this.redis.client.zrevrange(key, 0, -1);
    if (ids.length === 0) return [];
    const itemLanguages = await this.redis.client.hmget(this.key(kind, 'languages'), ...ids);
    const preferred = new Set(languages);
    const first = ids.filter((_, i) => preferred.has(itemLanguages[i] ?? ''));
    const rest = ids.filter((_, i) => !preferred.has(itemLanguages[i] ?? ''));
    return [...first, ...rest].slice(offset, offset + limit);
  }
}
