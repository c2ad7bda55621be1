import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, Tag } from '@nestodon/domain';
import { DataSource, In } from 'typeorm';

/** How many of the account's latest posts are searched for hashtags. */
export const RECENT_STATUSES = 1000;
export const FEATURED_TAG_SUGGESTIONS = 10;

/**
 * Hashtags to feature: the ones the account used most in its latest posts, not featured yet
 * (GET /api/v1/featured_tags/suggestions).
 */
@Injectable()
export class SuggestFeaturedTagsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async suggest(account: Pick<Account, 'id'>): Promise<Tag[]> {
    const rows: Array<{ tag_id: string }> = await this.dataSource.query(
      `SELECT st.tag_id FROM statuses_tags st
        WHERE st.status_id IN (
          SELECT s.id FROM statuses s
           WHERE s.account_id = $1 AND s.deleted_at IS NULL AND s.reblog_of_id IS NULL
           ORDER BY s.id DESC LIMIT $2)
          AND NOT EXISTS (SELECT 1 FROM featured_tags f
                           WHERE f.account_id = $1 AND f.tag_id = st.tag_id)
        GROUP BY st.tag_id ORDER BY count(*) DESC, st.tag_id DESC LIMIT $3`,
      [account.id, RECENT_STATUSES, FEATURED_TAG_SUGGESTIONS],
    );
    if (rows.length === 0) return [];
    const ids = rows.map((row) => String(row.tag_id));
    const tags = await this.dataSource.getRepository(Tag).findBy({ id: In(ids) });
    const byId = new Map(tags.map((tag) => [String(tag.id), tag]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
