import { Injectable } from '@nestjs/common';
import { Account, FeaturedTagsRepository } from '@nestodon/domain';
import { TagQueries } from './tag-queries';

/** Removes a hashtag from the account's profile by name (POST /tags/:name/unfeature); not featured: nothing happens. */
@Injectable()
export class UnfeatureTagService {
  constructor(
    private readonly tags: TagQueries,
    private readonly featuredTags: FeaturedTagsRepository,
  ) {}

  async call(account: Pick<Account, 'id'>, name: string): Promise<void> {
    const tag = await this.tags.byName(name);
    if (tag) await this.featuredTags.deleteByTag(account.id, tag.id);
  }
}
