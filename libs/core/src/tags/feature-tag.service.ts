import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  cleanTagName,
  FeaturedTag,
  isValidTagName,
  Limits,
  ValidationError,
} from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { toEntity } from '../relationships/follow.service';
import { FindOrCreateTagsService } from './find-or-create-tags.service';

export const FEATURED_TAGS_LIMIT = Limits.accounts.maxFeaturedTags;

/**
 * Features a hashtag on the account's profile (at most ten), keeping the spelling given.
 * Featuring a tag again returns the existing one. Post counts start at zero; the statuses
 * code keeps statuses_count/last_status_at current as the owner posts with the tag.
 */
@Injectable()
export class FeatureTagService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tags: FindOrCreateTagsService,
  ) {}

  async feature(account: Pick<Account, 'id'>, name: string): Promise<FeaturedTag> {
    if (typeof name !== 'string' || !isValidTagName(name)) {
      throw new ValidationError('Validation failed: Name is invalid', {
        name: [{ error: 'ERR_INVALID', description: 'is invalid' }],
      });
    }
    return this.dataSource.transaction(async (tx) => {
      // One featuring at a time per account, so the limit holds under concurrent requests.
      await tx.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [account.id]);
      const [tag] = await this.tags.findOrCreate([name], tx);
      const existing = await tx
        .getRepository(FeaturedTag)
        .findOneBy({ accountId: account.id, tagId: tag.id });
      if (existing) return existing;
      const [{ count }] = await tx.query(
        `SELECT count(*)::int AS count FROM featured_tags WHERE account_id = $1`,
        [account.id],
      );
      if (count >= FEATURED_TAGS_LIMIT) {
        throw new ValidationError(
          'Validation failed: You have already featured the maximum number of hashtags',
        );
      }
      const [row] = await tx.query(
        `INSERT INTO featured_tags (account_id, tag_id, name) VALUES ($1, $2, $3) RETURNING *`,
        [account.id, tag.id, cleanTagName(name)],
      );
      return toEntity(FeaturedTag, row);
    });
  }
}
