import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';

export type TrendKind = 'tags' | 'links' | 'statuses';

/** A ranked item and whether staff allowed it (null: not reviewed). */
export interface RankedItem {
  id: string;
  score: number;
  trendable: boolean | null;
}

/**
 * The current trends in Redis, as Mastodon keeps them: per kind a sorted set of every
 * trending item not rejected (`all`) and one of the staff-allowed ones (`allowed`), replaced
 * together by each refresh.
 */
@Injectable()
export class TrendStore {
  constructor(private readonly redis: RedisService) {}

  private key(kind: TrendKind, set: 'all' | 'allowed') {
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
    await multi.exec();
  }

  /** Whether the item is trending (and allowed, when review is required). */
  async has(kind: TrendKind, allowedOnly: boolean, id: string): Promise<boolean> {
    return (
      (await this.redis.client.zscore(this.key(kind, allowedOnly ? 'allowed' : 'all'), id)) !== null
    );
  }

  /** Ids by descending score; only allowed ones when review is required. */
  page(kind: TrendKind, allowedOnly: boolean, offset: number, limit: number): Promise<string[]> {
    return this.redis.client.zrevrange(
      this.key(kind, allowedOnly ? 'allowed' : 'all'),
      offset,
      offset + limit - 1,
    );
  }
}
