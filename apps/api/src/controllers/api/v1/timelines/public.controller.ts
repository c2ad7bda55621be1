import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FetchPublicTimelineService } from '@nestodon/core';
import { Page, PageParams, ToBoolean } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import { IsBoolean, IsOptional } from 'class-validator';
import type { Request, Response } from 'express';
import { publicViewer, timelineLinks } from './timeline-params';

export class PublicTimelineQuery {
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  local?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  remote?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  only_media?: boolean;
}

/**
 * GET /api/v1/timelines/public: public posts, all or local or remote ones, optionally with
 * media only. Anonymous readers are welcome unless TIMELINE_PREVIEW is off.
 */
@Controller('api/v1/timelines/public')
export class PublicTimelineController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly timeline: FetchPublicTimelineService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @ScopesIfToken('read:statuses')
  async index(
    @CurrentAuth() auth: AuthContext | undefined,
    @Query() query: PublicTimelineQuery,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    const viewer = publicViewer(auth, this.config);
    const result = await this.timeline.call(
      viewer,
      { local: query.local, remote: query.remote, onlyMedia: query.only_media },
      page,
    );
    timelineLinks(req, res, this.config, result, ['local', 'remote', 'only_media']);
    return this.presenter.presentMany(result.statuses, viewer, {
      filterContext: 'public',
      live: result.live,
    });
  }
}
