import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FetchAccountStatusesService } from '@nestodon/core';
import { Page, PageParams, setPageLinks, ToBoolean } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { viewerOf } from '../statuses/status-params';

class AccountStatusesQuery {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  only_media?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  exclude_replies?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  exclude_reblogs?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  pinned?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(255)
  tagged?: string;
}

/** GET /api/v1/accounts/:id/statuses: an account's statuses, as the caller may see them. */
@Controller('api/v1/accounts/:id/statuses')
export class AccountStatusesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly statuses: FetchAccountStatusesService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @ScopesIfToken('read:statuses')
  async index(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('id') id: string,
    @Query() query: AccountStatusesQuery,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    const viewer = viewerOf(auth);
    const result = await this.statuses.call(
      id,
      viewer,
      {
        onlyMedia: query.only_media,
        excludeReplies: query.exclude_replies,
        excludeReblogs: query.exclude_reblogs,
        pinned: query.pinned,
        tagged: query.tagged || undefined,
      },
      page,
    );
    setPageLinks(req, res, this.config.instance.baseUrl, {
      ...result,
      keep: ['only_media', 'exclude_replies', 'exclude_reblogs', 'pinned', 'tagged'],
    });
    return this.presenter.presentMany(result.statuses, viewer, { filterContext: 'account' });
  }
}
