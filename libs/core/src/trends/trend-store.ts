import { Injectable } from '@nestjs/common';
import { ExpiringStore } from '@nestodon/platform';

export type TrendKind = 'tags' | 'links' | 'statuses';

/** A ranked item and whether staff allowed it (null: not reviewed). */
export interface RankedItem {
  id: string;
  score: number;
  trendable: boolean | null;
}

/** One kind's trending ids by descending score: every shown one, and the staff-allowed ones. */
interface Rankings {
  all: string[];
  allowed: string[];
}

/**
 * The current trends, per kind the ranked ids of every trending item not rejected (`all`) and of
 * the staff-allowed ones (`allowed`), replaced together by each refresh: one value in
 * ExpiringStore (Redis, or PostgreSQL without it) kept until the next refresh replaces it.
 */
@Injectable()
export class TrendStore {
  constructor(private readonly store: ExpiringStore) {}

  private key(kind: TrendKind) {
    return `trending:${kind}`;
  }

  async replace(kind: TrendKind, items: RankedItem[]): Promise<void> {
    const shown = items
      .filter((item) => item.trendable !== false && item.score > 0)
      // Ties as Redis orders a sorted set read backwards: by id, descending.
      .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const rankings: Rankings = {
      all: shown.map((item) => item.id),
      allowed: shown.filter((item) => item.trendable === true).map((item) => item.id),
    };
    await this.store.set(this.key(kind), JSON.stringify(rankings), null);
  }

  /** Whether the item is trending (and allowed, when review is required). */
  async has(kind: TrendKind, allowedOnly: boolean, id: string): Promise<boolean> {
    return (await this.ranked(kind, allowedOnly)).includes(id);
  }

  /** Ids by descending score; only allowed ones when review is required. */
  async page(
    kind: TrendKind,
    allowedOnly: boolean,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    return (await this.ranked(kind, allowedOnly)).slice(offset, offset + limit);
  }

  private async ranked(kind: TrendKind, allowedOnly: boolean): Promise<string[]> {
    const stored = await this.store.get(this.key(kind));
    if (!stored) return [];
    const rankings = JSON.parse(stored) as Rankings;
    return allowedOnly ? rankings.allowed : rankings.all;
  }
}
