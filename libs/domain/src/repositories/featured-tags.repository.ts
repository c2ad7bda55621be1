import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Account } from '../entities/account.entity';
import { FeaturedTag } from '../entities/featured-tag.entity';
import { Tag } from '../entities/tag.entity';
import { Transaction } from '../transactions';
import { EntityRowMapper } from './raw-rows';

/**
 * Featured hashtags of a profile. For a local account the post count and last post date are
 * computed from its public and unlisted posts with the tag (one query for all its featured
 * tags), so they are always right; a remote account's come from its server as stored.
 */
@Injectable()
export class FeaturedTagsRepository {
  private readonly featuredTags: EntityRowMapper<FeaturedTag>;

  constructor(private readonly dataSource: DataSource) {
    this.featuredTags = new EntityRowMapper(dataSource, FeaturedTag, 'featured_tags');
  }

  async forAccount(account: Pick<Account, 'id' | 'domain'>): Promise<FeaturedTag[]> {
    const featured = await this.dataSource
      .getRepository(FeaturedTag)
      .find({ where: { accountId: account.id }, order: { id: 'ASC' } });
    return this.withCounts(account, featured);
  }

  async withCounts(
    account: Pick<Account, 'id' | 'domain'>,
    featured: FeaturedTag[],
  ): Promise<FeaturedTag[]> {
    if (account.domain !== null || featured.length === 0) return featured;
    const rows: Array<{ tag_id: string; count: number; last: Date | null }> =
      await this.dataSource.query(
        `SELECT st.tag_id, count(*)::int AS count, max(s.created_at) AS last
           FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
          WHERE s.account_id = $1 AND st.tag_id = ANY($2::bigint[])
            AND s.deleted_at IS NULL AND s.reblog_of_id IS NULL AND s.visibility IN (0, 1)
          GROUP BY st.tag_id`,
        [account.id, featured.map((tag) => tag.tagId)],
      );
    const counts = new Map(rows.map((row) => [String(row.tag_id), row]));
    for (const tag of featured) {
      const row = counts.get(String(tag.tagId));
      tag.statusesCount = row?.count ?? 0;
      tag.lastStatusAt = row?.last ?? null;
    }
    return featured;
  }

  findOne(accountId: string, tagId: string, tx?: Transaction): Promise<FeaturedTag | null> {
    return (tx ?? this.dataSource.manager)
      .getRepository(FeaturedTag)
      .findOneBy({ accountId, tagId });
  }

  async countForAccount(accountId: string, tx?: Transaction): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await (tx ?? this.dataSource.manager).query(
      `SELECT count(*)::int AS count FROM featured_tags WHERE account_id = $1`,
      [accountId],
    );
    return count;
  }

  /** Features the tag under `name`, the spelling the owner gave. */
  async insert(
    accountId: string,
    tagId: string,
    name: string,
    tx?: Transaction,
  ): Promise<FeaturedTag> {
    const [row]: Array<Record<string, unknown>> = await (tx ?? this.dataSource.manager).query(
      `INSERT INTO featured_tags (account_id, tag_id, name) VALUES ($1, $2, $3)
       RETURNING ${this.featuredTags.select}`,
      [accountId, tagId, name],
    );
    return this.featuredTags.buildRecord(row);
  }

  /** Deletes the account's featured tag of this id; whether there was one. */
  async deleteById(accountId: string, featuredTagId: string): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM featured_tags WHERE id = $1 AND account_id = $2`,
      [featuredTagId, accountId],
    );
    return count > 0;
  }

  async deleteByTag(accountId: string, tagId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM featured_tags WHERE account_id = $1 AND tag_id = $2`, [
      accountId,
      tagId,
    ]);
  }

  /**
   * The tags the account used most in its latest `recentStatuses` posts that it does not
   * feature yet, most used first.
   */
  async mostUsedUnfeatured(
    accountId: string,
    recentStatuses: number,
    limit: number,
  ): Promise<Tag[]> {
    const rows: Array<{ tag_id: string }> = await this.dataSource.query(
      `SELECT st.tag_id FROM statuses_tags st
        WHERE st.status_id IN (
          SELECT s.id FROM statuses s
           WHERE s.account_id = $1 AND s.deleted_at IS NULL AND s.reblog_of_id IS NULL
           ORDER BY s.id DESC LIMIT $2)
          AND NOT EXISTS (SELECT 1 FROM featured_tags f
                           WHERE f.account_id = $1 AND f.tag_id = st.tag_id)
        GROUP BY st.tag_id ORDER BY count(*) DESC, st.tag_id DESC LIMIT $3`,
      [accountId, recentStatuses, limit],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((row) => String(row.tag_id));
    const tags = await this.dataSource.getRepository(Tag).findBy({ id: In(ids) });
    const byId = new Map(tags.map((tag) => [String(tag.id), tag]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
