import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FetchLinkTimelineService } from '@nestodon/core';
import { ValidationError } from '@nestodon/domain';
import { Page, PageParams } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { publicViewer, timelineLinks } from './timeline-params';

/**
 * GET /api/v1/timelines/link?url= (Mastodon 4.3+): public posts sharing a trending link; 404
 * for a link that is not trending. Anonymous readers as on the public timeline.
 */
@Controller('api/v1/timelines/link')
export class LinkTimelineController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly timeline: FetchLinkTimelineService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @ScopesIfToken('read:statuses')
  async index(
    @CurrentAuth() auth: AuthContext | undefined,
    @Query('url') url: unknown,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    if (typeof url !== 'string' || url === '' || url.length > 2048) {
      throw new ValidationError('Validation failed: url must be a link');
    }
    const viewer = publicViewer(auth, this.config);
    const result = await this.timeline.call(viewer, url, page);
    timelineLinks(req, res, this.config, result, ['url']);
    return this.presenter.presentMany(result.statuses, viewer, {
      filterContext: 'public',
      live: result.live,
    });
  }
}
