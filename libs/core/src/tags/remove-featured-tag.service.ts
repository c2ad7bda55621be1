import { Injectable } from '@nestjs/common';
import { Account, FeaturedTagsRepository, isValidId, RecordNotFoundError } from '@nestodon/domain';

/** Removes a featured tag by its id (DELETE /api/v1/featured_tags/:id); someone else's or unknown: 404. */
@Injectable()
export class RemoveFeaturedTagService {
  constructor(private readonly featuredTags: FeaturedTagsRepository) {}

  async call(account: Pick<Account, 'id'>, featuredTagId: string): Promise<void> {
    if (!isValidId(featuredTagId)) throw new RecordNotFoundError();
    if (!(await this.featuredTags.deleteById(account.id, featuredTagId))) {
      throw new RecordNotFoundError();
    }
  }
}
