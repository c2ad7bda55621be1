import { Body, Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { ModerateTagService, SettingsQueries, TrendReviewQueries } from '@nestodon/core';
import { Permission } from '@nestodon/domain';
import { Page, PageParams, setPageLinks, ToBoolean, Update } from '@nestodon/http';
import { AdminTagJson, TagPresenter } from '@nestodon/serializers';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { presentAdminTags } from '../../../../support/admin-tags';
import { idPageLinks } from '../../../../support/relation-page';

class TagChangesBody {
  @IsOptional()
  @IsString()
  @MaxLength(255)
  display_name?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  trendable?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  usable?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  listable?: boolean;
}

/** /api/v1/admin/tags: every hashtag and its moderation flags (manage_taxonomies). */
@Controller('api/v1/admin/tags')
export class AdminTagsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: TrendReviewQueries,
    private readonly moderator: ModerateTagService,
    private readonly presenter: TagPresenter,
    private readonly settings: SettingsQueries,
  ) {}

  @Get()
  @Scopes('admin:read')
  @RequirePermission(Permission.ManageTaxonomies)
  async index(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @CurrentAuth() auth: AuthContext,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminTagJson[]> {
    const tags = await this.queries.tagPage(page);
    setPageLinks(req, res, this.config.instance.baseUrl, idPageLinks(tags, page.limit));
    return presentAdminTags(tags, auth, this.presenter, this.settings);
  }

  @Get(':id')
  @Scopes('admin:read')
  @RequirePermission(Permission.ManageTaxonomies)
  async show(@Param('id') id: string, @CurrentAuth() auth: AuthContext): Promise<AdminTagJson> {
    const [json] = await presentAdminTags(
      [await this.queries.tag(id)],
      auth,
      this.presenter,
      this.settings,
    );
    return json;
  }

  /** Sets the flags given (a blank display name shows the name itself); marks it reviewed. */
  @Update(':id')
  @Scopes('admin:write')
  @RequirePermission(Permission.ManageTaxonomies)
  async update(
    @Param('id') id: string,
    @Body() body: TagChangesBody,
    @CurrentAuth() auth: AuthContext,
  ): Promise<AdminTagJson> {
    const tag = await this.moderator.call(id, {
      displayName: body.display_name === undefined ? undefined : body.display_name || null,
      trendable: body.trendable,
      usable: body.usable,
      listable: body.listable,
    });
    const [json] = await presentAdminTags([tag], auth, this.presenter, this.settings);
    return json;
  }
}
