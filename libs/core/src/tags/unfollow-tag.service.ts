import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, isValidTagName, RecordNotFoundError, Tag } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FindOrCreateTagsService, unsavedTag } from './find-or-create-tags.service';

/**
 * Stops following a hashtag. Unfollowing a tag nobody used yet answers it unsaved, as Mastodon
 * does; not a hashtag name: 404.
 */
@Injectable()
export class UnfollowTagService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tags: FindOrCreateTagsService,
  ) {}

  async unfollow(account: Pick<Account, 'id'>, name: string): Promise<Tag> {
    if (!isValidTagName(name)) throw new RecordNotFoundError();
    const tag = await this.tags.find(name);
    if (!tag) return unsavedTag(name);
    await this.dataSource.query(`DELETE FROM tag_follows WHERE account_id = $1 AND tag_id = $2`, [
      account.id,
      tag.id,
    ]);
    return tag;
  }
}
