import { Controller, Get, Inject, Param } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FetchAccountsService } from '@nestodon/core';
import { FeaturedTag } from '@nestodon/domain';
import { FeaturedTagJson, serializeFeaturedTag } from '@nestodon/serializers';
import { DataSource } from 'typeorm';

/** GET /api/v1/accounts/:id/featured_tags: hashtags featured on a profile (public). */
@Controller('api/v1/accounts/:id/featured_tags')
export class AccountFeaturedTagsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: FetchAccountsService,
    private readonly dataSource: DataSource,
  ) {}

  @Get()
  async index(@Param('id') id: string): Promise<FeaturedTagJson[]> {
    const owner = await this.accounts.byId(id);
    if (owner.suspendedAt !== null) return [];
    const featured = await this.dataSource
      .getRepository(FeaturedTag)
      .find({ where: { accountId: owner.id }, order: { id: 'ASC' } });
    return featured.map((tag) => serializeFeaturedTag(tag, owner, this.config.instance.baseUrl));
  }
}
