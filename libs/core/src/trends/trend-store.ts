import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';

export type TrendKind = 'tags' | 'links' | 'statuses';

/** Every trending item (`review`), those not rejected (`all`), those staff allowed (`allowed`). */
export type TrendSet = 'review' | 'all' | 'allowed';

/** A ranked item, whether staff allowed it (null: not reviewed) and its language. */
export interface RankedItem {
  id: string;
  score: number;
  trendable: boolean | null;
  language: string | null;
}

/**
 * The current trends in Redis, as Mastodon keeps them: per kind a sorted set of every
 * trending item, rejected ones included, for staff to review (`review`), one of those not
 * rejected (`all`), one of the staff-allowed ones (`allowed`) and each item's language
 * (`languages`), replaced together by each refresh.
 */
@Injectable()
export class TrendStore {
  constructor(private readonly redis: RedisService) {}

  private key(kind: TrendKind, set: TrendSet | 'languages') {
    return `trending:${kind}:${set}`;
  }

  async replace(kind: TrendKind, items: RankedItem[]): Promise<void> {
    const scored = items.filter((item) => item.score > 0);
    const shown = scored.filter((item) => item.trendable !== false);
    const allowed = shown.filter((item) => item.trendable === true);
    const multi = this.redis.client.multi();
    for (const [set, list] of [
      ['review', scored],
      ['all', shown],
      ['allowed', allowed],
    ] as const) {
      multi.del(this.key(kind, set));
      if (list.length > 0) {
        multi.zadd(this.key(kind, set), ...list.flatMap((item) => [item.score, item.id]));
      }
    }
    multi.del(this.key(kind, 'languages'));
    const languages = scored.flatMap((item) => (item.language ? [item.id, item.language] : []));
    if (languages.length > 0) multi.hset(this.key(kind, 'languages'), ...languages);
    await multi.exec();
  }

  /** Whether the item is in the set (`allowed` when review is required, else `all`). */
  async has(kind: TrendKind, set: TrendSet, id: string): Promise<boolean> {
    return (await this.redis.client.zscore(this.key(kind, set), id)) !== null;
  }

  /**
   * Ids of a set by descending score. With `languages`, items in those languages come first
   * (Mastodon's trends for the reader's languages), the others after them, each group by score.
   */
  async page(
    kind: TrendKind,
    set: TrendSet,
    offset: number,
    limit: number,
    languages: string[] = [],
  ): Promise<string[]> {
    const key = this.key(kind, set);
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
