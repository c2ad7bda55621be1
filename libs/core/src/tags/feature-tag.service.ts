import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  cleanTagName,
  FeaturedTag,
  FeaturedTagsRepository,
  isValidTagName,
  Limits,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
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
    private readonly transactions: TransactionRunner,
    private readonly accounts: AccountRepository,
    private readonly featuredTags: FeaturedTagsRepository,
    private readonly findOrCreateTags: FindOrCreateTagsService,
  ) {}

  async call(account: Pick<Account, 'id'>, name: string): Promise<FeaturedTag> {
    if (typeof name !== 'string' || !isValidTagName(name)) {
      throw new ValidationError('Validation failed: Name is invalid', {
        name: [{ error: 'ERR_INVALID', description: 'is invalid' }],
      });
    }
    return this.transactions.run(async (tx) => {
      // One featuring at a time per account, so the limit holds under concurrent requests.
      await this.accounts.lock(account.id, tx);
      const [tag] = await this.findOrCreateTags.call([name], tx);
      const existing = await this.featuredTags.findOne(account.id, tag.id, tx);
      if (existing) return existing;
      if ((await this.featuredTags.countForAccount(account.id, tx)) >= FEATURED_TAGS_LIMIT) {
        throw new ValidationError(
          'Validation failed: You have already featured the maximum number of hashtags',
        );
      }
      return this.featuredTags.insert(account.id, tag.id, cleanTagName(name), tx);
    });
  }
}
