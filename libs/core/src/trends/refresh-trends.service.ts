import { Injectable } from '@nestjs/common';
import { TrendPeakRow, TrendsRepository } from '@nestodon/domain';
import { TagHistory } from '../tags/tag-history';
import {
  decayedPeak,
  LINK_TREND_OPTIONS,
  spikeScore,
  STATUS_TREND_OPTIONS,
  statusTrendScore,
  TAG_TREND_OPTIONS,
  TrendOptions,
} from './trend-scores';
import { RankedItem, TrendStore } from './trend-store';

const DAY = 24 * 3600_000;

interface Scored {
  id: string;
  trendable: boolean | null;
  language: string | null;
  maxScore: number | null;
  maxScoreAt: Date | null;
  observed: number;
  expected: number;
}

/**
 * Recomputes trending tags, links and statuses (the worker's recurring `trends.refresh`), as
 * Mastodon's Trends: tags and links by how many more distinct accounts used them today than
 * yesterday, their peak kept and halving with time; statuses by reblogs and favourites,
 * halving with age. Rejected items never trend (a link not reviewed follows its publisher);
 * the rankings, with each item's language, go to Redis (TrendStore).
 */
@Injectable()
export class RefreshTrendsService {
  constructor(
    private readonly trends: TrendsRepository,
    private readonly tagHistory: TagHistory,
    private readonly store: TrendStore,
  ) {}

  async call(now = Date.now()): Promise<void> {
    await this.refreshTags(now);
    await this.refreshLinks(now);
    await this.refreshStatuses(now);
  }

  private async refreshTags(now: number): Promise<void> {
    const tags = await this.trends.recentTags(new Date(now - 2 * DAY));
    const history = await this.tagHistory.history(
      tags.map(({ tag }) => tag.id),
      now,
    );
    await this.rank(
      'tags',
      tags.map(({ tag, language }) => {
        const [today, yesterday] = history.get(tag.id) ?? [];
        return {
          ...tag,
          language,
          observed: Number(today?.accounts ?? 0),
          expected: Number(yesterday?.accounts ?? 0),
        };
      }),
      now,
      TAG_TREND_OPTIONS,
    );
  }

  private async refreshLinks(now: number): Promise<void> {
    const shares = await this.trends.linkShares(new Date(now));
    const cards = new Map(
      (await this.trends.cards(shares.map((share) => share.cardId))).map((c) => [c.id, c]),
    );
    await this.rank(
      'links',
      shares.flatMap((share) => {
        const card = cards.get(share.cardId);
        return card
          ? [
              {
                ...card,
                trendable: share.trendable,
                language: share.language,
                observed: share.today,
                expected: share.yesterday,
              },
            ]
          : [];
      }),
      now,
      LINK_TREND_OPTIONS,
    );
  }

  private async rank(
    kind: 'tags' | 'links',
    items: Scored[],
    now: number,
    options: TrendOptions,
  ): Promise<void> {
    const peaks: TrendPeakRow[] = [];
    const ranked: RankedItem[] = [];
    for (const item of items) {
      const score = spikeScore(item.observed, item.expected, options.threshold);
      const { peak, decayed } = decayedPeak(item, score, now, options);
      if (
        peak.maxScore !== item.maxScore ||
        peak.maxScoreAt?.getTime() !== item.maxScoreAt?.getTime()
      ) {
        peaks.push({ id: item.id, ...peak });
      }
      if (decayed >= options.decayThreshold) {
        ranked.push({
          id: item.id,
          score: decayed,
          trendable: item.trendable,
          language: item.language,
        });
      }
    }
    await this.trends.savePeaks(kind === 'tags' ? 'tags' : 'preview_cards', peaks);
    await this.store.replace(kind, ranked);
  }

  private async refreshStatuses(now: number): Promise<void> {
    const options = STATUS_TREND_OPTIONS;
    const candidates = await this.trends.statusCandidates(
      new Date(now - options.cooldownMs),
      options.threshold,
    );
    await this.store.replace(
      'statuses',
      candidates.flatMap((status) => {
        const score = statusTrendScore(status.interactions, status.createdAt, now, options);
        return score >= options.decayThreshold
          ? [{ id: status.id, score, trendable: status.trendable, language: status.language }]
          : [];
      }),
    );
  }
}
