import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Account } from '../entities/account.entity';
import { FeaturedTag } from '../entities/featured-tag.entity';

/**
 * Featured hashtags of a profile. For a local account the post count and last post date are
 * computed from its public and unlisted posts with the tag (one query for all its featured
 * tags), so they are always right; a remote account's come from its server as stored.
 */
@Injectable()
export class FeaturedTagsRepository {
  constructor(private readonly dataSource: DataSource) {}

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
}
