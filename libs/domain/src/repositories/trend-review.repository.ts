import { Injectable } from '@nestjs/common';
import { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { PreviewCardProvider } from '../entities/preview-card-provider.entity';
import { PreviewCard } from '../entities/preview-card.entity';
import { Tag } from '../entities/tag.entity';
import { IdPage } from './id-paging';
import { CARD_HOST_SQL } from './trends.repository';

/** What staff may change on a tag (Mastodon's admin tag form). */
export type TagReviewChanges = Partial<
  Pick<Tag, 'displayName' | 'trendable' | 'usable' | 'listable'>
>;

/** Staff review of what may trend: tags, links, their publishers and statuses. */
@Injectable()
export class TrendReviewRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every tag, paged by id, newest first. */
  tagPage(page: IdPage): Promise<Tag[]> {
    return this.idPage(Tag, page);
  }

  tag(id: string): Promise<Tag | null> {
    return this.dataSource.getRepository(Tag).findOneBy({ id });
  }

  /** Applies the changes and marks the tag reviewed now; null when there is no such tag. */
  async updateTag(id: string, changes: TagReviewChanges): Promise<Tag | null> {
    const tags = this.dataSource.getRepository(Tag);
    const given = Object.entries(changes).filter(([, value]) => value !== undefined);
    const result = await tags.update(
      { id },
      { ...(Object.fromEntries(given) as TagReviewChanges), reviewedAt: new Date() },
    );
    return result.affected ? tags.findOneBy({ id }) : null;
  }

  /** Sets a link's review state; null when there is no such card. */
  async reviewCard(id: string, trendable: boolean): Promise<PreviewCard | null> {
    const cards = this.dataSource.getRepository(PreviewCard);
    const result = await cards.update({ id }, { trendable });
    return result.affected ? cards.findOneBy({ id }) : null;
  }

  /** Sets a status's review state; false when there is no such (undeleted) status. */
  async reviewStatus(id: string, trendable: boolean): Promise<boolean> {
    const [, affected]: [unknown, number] = await this.dataSource.query(
      `UPDATE statuses SET trendable = $2 WHERE id = $1 AND deleted_at IS NULL`,
      [id, trendable],
    );
    return affected > 0;
  }

  /** The review state of each status (NULL: not reviewed), by id. */
  async statusReviewStates(ids: string[]): Promise<Map<string, boolean | null>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: string; trendable: boolean | null }> = await this.dataSource.query(
      `SELECT id::text AS id, trendable FROM statuses WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.trendable]));
  }

  /** Every publisher, paged by id, newest first. */
  providerPage(page: IdPage): Promise<PreviewCardProvider[]> {
    return this.idPage(PreviewCardProvider, page);
  }

  /** Sets a publisher's review state, reviewed now; null when there is no such publisher. */
  async reviewProvider(id: string, trendable: boolean): Promise<PreviewCardProvider | null> {
    const providers = this.dataSource.getRepository(PreviewCardProvider);
    const result = await providers.update({ id }, { trendable, reviewedAt: new Date() });
    return result.affected ? providers.findOneBy({ id }) : null;
  }

  /** Whether each card's publisher was reviewed, by card id (false without a publisher row). */
  async providerReviewed(cardIds: string[]): Promise<Map<string, boolean>> {
    if (cardIds.length === 0) return new Map();
    const rows: Array<{ id: string; reviewed: boolean }> = await this.dataSource.query(
      `SELECT c.id::text AS id, p.reviewed_at IS NOT NULL AS reviewed
         FROM preview_cards c LEFT JOIN preview_card_providers p ON p.domain = ${CARD_HOST_SQL}
        WHERE c.id = ANY($1::bigint[])`,
      [cardIds],
    );
    return new Map(rows.map((row) => [row.id, row.reviewed]));
  }

  private async idPage<T extends ObjectLiteral>(entity: EntityTarget<T>, page: IdPage) {
    const query = this.dataSource.getRepository(entity).createQueryBuilder('r');
    if (page.maxId) query.andWhere('r.id < :maxId', { maxId: page.maxId });
    if (page.sinceId) query.andWhere('r.id > :sinceId', { sinceId: page.sinceId });
    if (page.minId) query.andWhere('r.id > :minId', { minId: page.minId });
    const rows = await query
      .orderBy('r.id', page.minId ? 'ASC' : 'DESC')
      .limit(page.limit)
      .getMany();
    return page.minId ? rows.reverse() : rows;
  }
}
