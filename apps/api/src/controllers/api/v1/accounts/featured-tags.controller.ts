import { Controller, Get, Inject, Param } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AccountQueries } from '@nestodon/core';
import { FeaturedTagsRepository } from '@nestodon/domain';
import { FeaturedTagJson, serializeFeaturedTag } from '@nestodon/serializers';

/** GET /api/v1/accounts/:id/featured_tags: hashtags featured on a profile (public). */
@Controller('api/v1/accounts/:id/featured_tags')
export class AccountFeaturedTagsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountQueries,
    private readonly featuredTags: FeaturedTagsRepository,
  ) {}

  @Get()
  @Public()
  async index(@Param('id') id: string): Promise<FeaturedTagJson[]> {
    const owner = await this.accounts.byId(id);
    if (owner.suspendedAt !== null) return [];
    const featured = await this.featuredTags.forAccount(owner);
    return featured.map((tag) => serializeFeaturedTag(tag, owner, this.config.instance.baseUrl));
  }
}
