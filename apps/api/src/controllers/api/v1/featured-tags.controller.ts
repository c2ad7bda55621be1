import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  FeatureTagService,
  RemoveFeaturedTagService,
  SuggestFeaturedTagsService,
} from '@nestodon/core';
import { Account, FeaturedTagsRepository } from '@nestodon/domain';
import {
  FeaturedTagJson,
  serializeFeaturedTag,
  TagJson,
  TagPresenter,
} from '@nestodon/serializers';
import { IsOptional, IsString, MaxLength } from 'class-validator';

class FeatureTagBody {
  /** The hashtag, with or without `#`. */
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  name?: string;
}

/**
 * The viewer's featured hashtags: GET /api/v1/featured_tags, POST (name=) answering the
 * FeaturedTag, DELETE /:id answering `{}`, and GET /suggestions (recently used, not featured).
 */
@Controller('api/v1/featured_tags')
export class FeaturedTagsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly featuredTags: FeaturedTagsRepository,
    private readonly featurer: FeatureTagService,
    private readonly remover: RemoveFeaturedTagService,
    private readonly suggestions: SuggestFeaturedTagsService,
    private readonly tags: TagPresenter,
  ) {}

  @Get()
  @Scopes('read:accounts')
  async index(@CurrentAccount() viewer: Account): Promise<FeaturedTagJson[]> {
    const featured = await this.featuredTags.forAccount(viewer);
    return featured.map((tag) => serializeFeaturedTag(tag, viewer, this.config.instance.baseUrl));
  }

  @Get('suggestions')
  @Scopes('read:accounts')
  async suggestionsIndex(@CurrentAccount() viewer: Account): Promise<TagJson[]> {
    return this.tags.presentMany(await this.suggestions.call(viewer), viewer.id);
  }

  @Post()
  @HttpCode(200)
  @Scopes('write:accounts')
  async create(
    @Body() body: FeatureTagBody,
    @CurrentAccount() viewer: Account,
  ): Promise<FeaturedTagJson> {
    const featured = await this.featurer.call(viewer, body.name ?? '');
    const [counted] = await this.featuredTags.withCounts(viewer, [featured]);
    return serializeFeaturedTag(counted, viewer, this.config.instance.baseUrl);
  }

  @Delete(':id')
  @Scopes('write:accounts')
  async destroy(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<Record<string, never>> {
    await this.remover.call(viewer, id);
    return {};
  }
}
