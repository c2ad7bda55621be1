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
 * The current trends (GET /api/v1/trends/*), from the rankings RefreshTrendsService stores:
 * nothing when the `trends` setting is off, only staff-allowed items unless
 * `trendable_by_default`.
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

  async tags(offset: number, limit: number): Promise<Tag[]> {
    return this.trends.tags(await this.ids('tags', offset, limit));
  }

  async statuses(viewer: Viewer, offset: number, limit: number): Promise<Status[]> {
    const ids = await this.ids('statuses', offset, limit);
    return this.visibility.filterForList(await this.statusRows.findPage(ids), viewer);
  }

  async links(offset: number, limit: number, now = Date.now()): Promise<TrendingLink[]> {
    const cards = await this.trends.cards(await this.ids('links', offset, limit));
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
    return (await this.store.has('links', !settings.trendableByDefault, card.id)) ? card : null;
  }

  private async ids(kind: TrendKind, offset: number, limit: number): Promise<string[]> {
    const settings = await this.settings.current();
    if (!settings.trends) return [];
    return this.store.page(kind, !settings.trendableByDefault, offset, limit);
  }
}
