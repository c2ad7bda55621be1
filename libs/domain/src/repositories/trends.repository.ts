import { Injectable } from '@nestjs/common';
import { DataSource, FindOptionsWhere, In } from 'typeorm';
import { PreviewCard } from '../entities/preview-card.entity';
import { Tag } from '../entities/tag.entity';

/** A scored item's review state: NULL not reviewed, true allowed, false rejected. */
export interface TrendCandidate {
  id: string;
  trendable: boolean | null;
}

export interface StatusTrendCandidate extends TrendCandidate {
  interactions: number;
  createdAt: Date;
}

export interface LinkShares {
  cardId: string;
  /** Distinct accounts that shared the link in the last day, and the day before. */
  today: number;
  yesterday: number;
}

export interface TrendPeakRow {
  id: string;
  maxScore: number | null;
  maxScoreAt: Date | null;
}

/** Public originals of accounts that may be shown (`s` statuses, `a` accounts). */
const TRENDABLE_STATUS = `
  s.visibility = 0 AND s.deleted_at IS NULL AND s.reblog_of_id IS NULL
  AND a.suspended_at IS NULL AND a.silenced_at IS NULL`;

/** What trends are computed from, and their peaks and review states. */
@Injectable()
export class TrendsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Listable tags used by public statuses since `since`. */
  async recentTags(since: Date): Promise<Tag[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT DISTINCT st.tag_id AS id FROM statuses_tags st
         JOIN statuses s ON s.id = st.status_id JOIN accounts a ON a.id = s.account_id
        WHERE s.created_at >= $1 AND ${TRENDABLE_STATUS}`,
      [since],
    );
    if (rows.length === 0) return [];
    const tags = await this.dataSource
      .getRepository(Tag)
      .findBy({ id: In(rows.map((row) => String(row.id))) });
    return tags.filter((tag) => tag.listable !== false && tag.usable !== false);
  }

  /**
   * Links (cards) shared in public statuses of discoverable accounts over the last two days:
   * distinct accounts in the last 24 hours and in the 24 before.
   */
  async linkShares(now: Date): Promise<LinkShares[]> {
    const rows: Array<{ card_id: string; today: string; yesterday: string }> =
      await this.dataSource.query(
        `SELECT pcs.preview_card_id::text AS card_id,
                count(DISTINCT s.account_id) FILTER (WHERE s.created_at >= $1::timestamptz - interval '1 day') AS today,
                count(DISTINCT s.account_id) FILTER (WHERE s.created_at < $1::timestamptz - interval '1 day') AS yesterday
           FROM preview_cards_statuses pcs
           JOIN statuses s ON s.id = pcs.status_id JOIN accounts a ON a.id = s.account_id
          WHERE s.created_at >= $1::timestamptz - interval '2 days' AND ${TRENDABLE_STATUS}
            AND a.discoverable IS TRUE
          GROUP BY pcs.preview_card_id`,
        [now],
      );
    return rows.map((row) => ({
      cardId: row.card_id,
      today: Number(row.today),
      yesterday: Number(row.yesterday),
    }));
  }

  /** Preview cards by id, in the order of `ids`. */
  cards(ids: string[]): Promise<PreviewCard[]> {
    return this.inOrder(PreviewCard, ids);
  }

  /** Tags by id, in the order of `ids`. */
  tags(ids: string[]): Promise<Tag[]> {
    return this.inOrder(Tag, ids);
  }

  private async inOrder<T extends { id: string }>(entity: new () => T, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await this.dataSource
      .getRepository(entity)
      .findBy({ id: In(ids) } as unknown as FindOptionsWhere<T>);
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Public originals of discoverable accounts posted since `since`, not replies, sensitive or
   * behind a content warning, with at least `minInteractions` reblogs and favourites.
   */
  async statusCandidates(since: Date, minInteractions: number): Promise<StatusTrendCandidate[]> {
    const rows: Array<{
      id: string;
      trendable: boolean | null;
      interactions: string;
      created_at: Date;
    }> = await this.dataSource.query(
      `SELECT s.id::text AS id, s.trendable, s.created_at,
              (st.reblogs_count + st.favourites_count) AS interactions
         FROM statuses s JOIN accounts a ON a.id = s.account_id
         JOIN status_stats st ON st.status_id = s.id
        WHERE s.created_at >= $1 AND ${TRENDABLE_STATUS}
          AND NOT s.reply AND NOT s.sensitive AND s.spoiler_text = ''
          AND a.discoverable IS TRUE
          AND st.reblogs_count + st.favourites_count >= $2`,
      [since, minInteractions],
    );
    return rows.map((row) => ({
      id: row.id,
      trendable: row.trendable,
      interactions: Number(row.interactions),
      createdAt: row.created_at,
    }));
  }

  /** Stores new peaks of tags (`tags`) or links (`preview_cards`). */
  async savePeaks(table: 'tags' | 'preview_cards', peaks: TrendPeakRow[]): Promise<void> {
    if (peaks.length === 0) return;
    await this.dataSource.query(
      `UPDATE ${table} t SET max_score = p.max_score, max_score_at = p.max_score_at
         FROM unnest($1::bigint[], $2::float8[], $3::timestamptz[]) AS p(id, max_score, max_score_at)
        WHERE t.id = p.id`,
      [
        peaks.map((peak) => peak.id),
        peaks.map((peak) => peak.maxScore),
        peaks.map((peak) => peak.maxScoreAt),
      ],
    );
  }

  /**
   * Seven days of a page of links: statuses sharing each and distinct accounts, per UTC day
   * (seconds), newest first.
   */
  async linkHistory(
    cardIds: string[],
    days: number[],
  ): Promise<Map<string, Map<number, { uses: number; accounts: number }>>> {
    const result = new Map<string, Map<number, { uses: number; accounts: number }>>();
    if (cardIds.length === 0) return result;
    const rows: Array<{ card_id: string; day: string; uses: string; accounts: string }> =
      await this.dataSource.query(
        `SELECT pcs.preview_card_id::text AS card_id,
                extract(epoch FROM date_trunc('day', s.created_at AT TIME ZONE 'UTC'))::bigint::text AS day,
                count(*) AS uses, count(DISTINCT s.account_id) AS accounts
           FROM preview_cards_statuses pcs JOIN statuses s ON s.id = pcs.status_id
          WHERE pcs.preview_card_id = ANY($1::bigint[]) AND s.deleted_at IS NULL
            AND s.created_at >= to_timestamp($2)
          GROUP BY 1, 2`,
        [cardIds, Math.min(...days)],
      );
    for (const row of rows) {
      const byDay = result.get(row.card_id) ?? new Map();
      byDay.set(Number(row.day), { uses: Number(row.uses), accounts: Number(row.accounts) });
      result.set(row.card_id, byDay);
    }
    return result;
  }
}
