import { Injectable } from '@nestjs/common';
import { DataSource, FindOptionsWhere, In } from 'typeorm';
import { PreviewCard } from '../entities/preview-card.entity';
import { Tag } from '../entities/tag.entity';

/** A scored item's review state: NULL not reviewed, true allowed, false rejected. */
export interface TrendCandidate {
  id: string;
  trendable: boolean | null;
  /** What it is written in (the most used language of its posts), for language-first lists. */
  language: string | null;
}

export interface TagTrendCandidate {
  tag: Tag;
  language: string | null;
}

export interface StatusTrendCandidate extends TrendCandidate {
  interactions: number;
  createdAt: Date;
}

export interface LinkShares {
  cardId: string;
  /** The link's own review state, or its publisher's when the link was not reviewed. */
  trendable: boolean | null;
  language: string | null;
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

/**
 * A card (`c`) fit to trend, as Mastodon's appropriate_for_trends?: an article with a title, a
 * description, a picture and the name of its site.
 */
const TRENDABLE_CARD = `
  c.type = 0 AND c.article AND c.title <> '' AND c.description <> ''
  AND c.image_file_name IS NOT NULL AND c.provider_name <> ''`;

/** The host of a preview card's URL (`c`), lower case: its publisher's domain. */
export const CARD_HOST_SQL = `lower(substring(c.url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/]*@)?([^/:?#]+)'))`;

/** What trends are computed from, and their peaks and review states. */
@Injectable()
export class TrendsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Listable tags used by public statuses since `since`, with their most used language. */
  async recentTags(since: Date): Promise<TagTrendCandidate[]> {
    const rows: Array<{ id: string; language: string | null }> = await this.dataSource.query(
      `SELECT st.tag_id::text AS id, mode() WITHIN GROUP (ORDER BY s.language) AS language
         FROM statuses_tags st
         JOIN statuses s ON s.id = st.status_id JOIN accounts a ON a.id = s.account_id
        WHERE s.created_at >= $1 AND ${TRENDABLE_STATUS}
        GROUP BY st.tag_id`,
      [since],
    );
    if (rows.length === 0) return [];
    const languages = new Map(rows.map((row) => [row.id, row.language]));
    const tags = await this.dataSource.getRepository(Tag).findBy({ id: In([...languages.keys()]) });
    return tags
      .filter((tag) => tag.listable !== false && tag.usable !== false)
      .map((tag) => ({ tag, language: languages.get(String(tag.id)) ?? null }));
  }

  /**
   * Links (article cards) shared in public statuses of discoverable accounts, without content
   * warning, over the last two days: distinct accounts in the last 24 hours and in the 24 before. Records the publisher of each
   * link first (as unreviewed), so staff can review it.
   */
  async linkShares(now: Date): Promise<LinkShares[]> {
    const shared = `
      FROM preview_cards_statuses pcs
      JOIN statuses s ON s.id = pcs.status_id JOIN accounts a ON a.id = s.account_id
      JOIN preview_cards c ON c.id = pcs.preview_card_id
     WHERE s.created_at >= $1::timestamptz - interval '2 days' AND ${TRENDABLE_STATUS}
       AND a.discoverable IS TRUE AND NOT s.sensitive AND s.spoiler_text = ''
       AND ${TRENDABLE_CARD}`;
    await this.dataSource.query(
      `INSERT INTO preview_card_providers (domain)
       SELECT DISTINCT ${CARD_HOST_SQL} ${shared} AND ${CARD_HOST_SQL} IS NOT NULL
       ON CONFLICT (domain) DO NOTHING`,
      [now],
    );
    const rows: Array<{
      card_id: string;
      trendable: boolean | null;
      language: string | null;
      today: string;
      yesterday: string;
    }> = await this.dataSource.query(
      `SELECT shares.*, COALESCE(c.trendable, p.trendable) AS trendable,
              COALESCE(c.language, shares.status_language) AS language
         FROM (SELECT pcs.preview_card_id AS id, pcs.preview_card_id::text AS card_id,
                      mode() WITHIN GROUP (ORDER BY s.language) AS status_language,
                      count(DISTINCT s.account_id) FILTER (WHERE s.created_at >= $1::timestamptz - interval '1 day') AS today,
                      count(DISTINCT s.account_id) FILTER (WHERE s.created_at < $1::timestamptz - interval '1 day') AS yesterday
               ${shared}
               GROUP BY pcs.preview_card_id) shares
         JOIN preview_cards c ON c.id = shares.id
         LEFT JOIN preview_card_providers p ON p.domain = ${CARD_HOST_SQL}`,
      [now],
    );
    return rows.map((row) => ({
      cardId: row.card_id,
      trendable: row.trendable,
      language: row.language,
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
      language: string | null;
      interactions: string;
      created_at: Date;
    }> = await this.dataSource.query(
      `SELECT s.id::text AS id, s.trendable, s.language, s.created_at,
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
      language: row.language,
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
