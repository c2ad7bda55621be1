import { Injectable } from '@nestjs/common';
import {
  PreviewCard,
  PreviewCardRepository,
  Status,
  StatusRepository,
  Tag,
  TrendsRepository,
} from '@nestodon/domain';
import { SettingsQueries } from '../settings/settings-queries';
import { StatusQueries, Viewer } from '../statuses/status-queries';
import { dayStart, TAG_HISTORY_DAYS } from '../tags/tag-history';
import { TrendKind, TrendStore } from './trend-store';

const DAY_SECONDS = 24 * 3600;

export interface TrendingLink {
  card: PreviewCard;
  /** Newest day first: day (UTC midnight, seconds), statuses sharing it, distinct accounts. */
  history: Array<{ day: string; uses: string; accounts: string }>;
}

/**
 * Who a list of trends is for: a reader, whose languages come first (empty: no preference),
 * or staff reviewing them, who see every trending item, rejected ones too, whatever the
 * settings.
 */
export type TrendAudience = { languages: string[] } | 'staff';

/**
 * The current trends (GET /api/v1/trends/* and the admin review lists), from the rankings
 * RefreshTrendsService stores. Readers get nothing when the `trends` setting is off, and only
 * staff-allowed items unless `trendable_by_default`.
 */
@Injectable()
export class TrendsQueries {
  constructor(
    private readonly store: TrendStore,
    private readonly settings: SettingsQueries,
    private readonly trends: TrendsRepository,
    private readonly cards: PreviewCardRepository,
    private readonly statusRows: StatusRepository,
    private readonly visibility: StatusQueries,
  ) {}

  async tags(audience: TrendAudience, offset: number, limit: number): Promise<Tag[]> {
    return this.trends.tags(await this.ids('tags', audience, offset, limit));
  }

  async statuses(
    audience: TrendAudience,
    viewer: Viewer,
    offset: number,
    limit: number,
  ): Promise<Status[]> {
    const ids = await this.ids('statuses', audience, offset, limit);
    return this.visibility.filterForList(await this.statusRows.findPage(ids), viewer);
  }

  async links(
    audience: TrendAudience,
    offset: number,
    limit: number,
    now = Date.now(),
  ): Promise<TrendingLink[]> {
    const cards = await this.trends.cards(await this.ids('links', audience, offset, limit));
    return this.linksWithHistory(cards, now);
  }

  /** The cards with seven days of their sharing, newest day first. */
  async linksWithHistory(cards: PreviewCard[], now = Date.now()): Promise<TrendingLink[]> {
    const days = Array.from(
      { length: TAG_HISTORY_DAYS },
      (_, i) => dayStart(now) - i * DAY_SECONDS,
    );
    const history = await this.trends.linkHistory(
      cards.map((card) => card.id),
      days,
    );
    return cards.map((card) => ({
      card,
      history: days.map((day) => {
        const counts = history.get(card.id)?.get(day);
        return {
          day: String(day),
          uses: String(counts?.uses ?? 0),
          accounts: String(counts?.accounts ?? 0),
        };
      }),
    }));
  }

  /** The card of `url` when it is a trending link the viewer may be shown; null otherwise. */
  async trendingLink(url: string): Promise<PreviewCard | null> {
    const settings = await this.settings.current();
    if (!settings.trends) return null;
    const card = await this.cards.findByUrl(url);
    if (!card) return null;
    const set = settings.trendableByDefault ? 'all' : 'allowed';
    return (await this.store.has('links', set, card.id)) ? card : null;
  }

  private async ids(
    kind: TrendKind,
    audience: TrendAudience,
    offset: number,
    limit: number,
  ): Promise<string[]> {
    if (audience === 'staff') return this.store.page(kind, 'review', offset, limit);
    const settings = await this.settings.current();
    if (!settings.trends) return [];
    const set = settings.trendableByDefault ? 'all' : 'allowed';
    return this.store.page(kind, set, offset, limit, audience.languages);
  }
}
