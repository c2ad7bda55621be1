import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FetchHomeTimelineService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Page, PageParams } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { timelineLinks } from './timeline-params';

/** GET /api/v1/timelines/home: the home feed; 206 Partial Content while it is being rebuilt. */
@Controller('api/v1/timelines/home')
export class HomeTimelineController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly timeline: FetchHomeTimelineService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @Scopes('read:statuses')
  async index(
    @CurrentAccount() account: Account,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    const result = await this.timeline.call(account, page);
    timelineLinks(req, res, this.config, result);
    if (result.regenerating) res.status(206);
    return this.presenter.presentMany(result.statuses, account, {
      filterContext: 'home',
      live: result.live,
    });
  }
}
