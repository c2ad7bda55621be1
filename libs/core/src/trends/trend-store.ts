import { Injectable } from '@nestjs/common';
import { ExpiringStore } from '@nestodon/platform';

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

/** One kind's trending ids per set by descending score, and each item's language. */
type Rankings = Record<TrendSet, string[]> & { languages: Record<string, string> };

/**
 * The current trends, as Mastodon keeps them: per kind the ranked ids of every trending item,
 * rejected ones included, for staff to review (`review`), of those not rejected (`all`), of the
 * staff-allowed ones (`allowed`) and each item's language, replaced together by each refresh:
 * one value in ExpiringStore (Redis, or PostgreSQL without it) kept until the next refresh.
 */
@Injectable()
export class TrendStore {
  constructor(private readonly store: ExpiringStore) {}

  private key(kind: TrendKind) {
    return `trending:${kind}`;
  }

  async replace(kind: TrendKind, items: RankedItem[]): Promise<void> {
    const review = items
      .filter((item) => item.score > 0)
      // Ties as Redis orders a sorted set read backwards: by id, descending.
      .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const shown = review.filter((item) => item.trendable !== false);
    const rankings: Rankings = {
      review: review.map((item) => item.id),
      all: shown.map((item) => item.id),
      allowed: shown.filter((item) => item.trendable === true).map((item) => item.id),
      languages: Object.fromEntries(
        review.flatMap((item) => (item.language ? [[item.id, item.language]] : [])),
      ),
    };
    await this.store.set(this.key(kind), JSON.stringify(rankings), null);
  }

  /** Whether the item is in the set (`allowed` when review is required, else `all`). */
  async has(kind: TrendKind, set: TrendSet, id: string): Promise<boolean> {
    return (await this.rankings(kind))[set].includes(id);
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
    const rankings = await this.rankings(kind);
    const ids = rankings[set];
    if (languages.length === 0) return ids.slice(offset, offset + limit);
    const preferred = new Set(languages);
    const inPreferred = (id: string) => preferred.has(rankings.languages[id] ?? '');
    const first = ids.filter(inPreferred);
    const rest = ids.filter((id) => !inPreferred(id));
    return [...first, ...rest].slice(offset, offset + limit);
  }

  private async rankings(kind: TrendKind): Promise<Rankings> {
    const stored = await this.store.get(this.key(kind));
    return stored
      ? (JSON.parse(stored) as Rankings)
      : { review: [], all: [], allowed: [], languages: {} };
  }
}
