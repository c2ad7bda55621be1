import { Injectable } from '@nestjs/common';
import {
  Account,
  isValidTagName,
  RecordNotFoundError,
  Tag,
  TagFollowRepository,
} from '@nestodon/domain';
import { TagQueries, unsavedTag } from './tag-queries';

/**
 * Stops following a hashtag. Unfollowing a tag nobody used yet answers it unsaved, as Mastodon
 * does; not a hashtag name: 404.
 */
@Injectable()
export class UnfollowTagService {
  constructor(
    private readonly tags: TagQueries,
    private readonly tagFollows: TagFollowRepository,
  ) {}

  async call(account: Pick<Account, 'id'>, name: string): Promise<Tag> {
    if (!isValidTagName(name)) throw new RecordNotFoundError();
    const tag = await this.tags.byName(name);
    if (!tag) return unsavedTag(name);
    await this.tagFollows.deleteTagFollow(account.id, tag.id);
    return tag;
  }
}
