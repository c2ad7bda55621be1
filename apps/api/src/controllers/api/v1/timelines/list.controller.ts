import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FetchListTimelineService, ListQueries } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Page, PageParams } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { timelineLinks } from './timeline-params';

/** GET /api/v1/timelines/list/:list_id: a list's feed (another user's list is not found). */
@Controller('api/v1/timelines/list/:list_id')
export class ListTimelineController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lists: ListQueries,
    private readonly timeline: FetchListTimelineService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @Scopes('read:lists')
  async index(
    @CurrentAccount() account: Account,
    @Param('list_id') listId: string,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    const list = await this.lists.owned(account, listId);
    const result = await this.timeline.call(account, list, page);
    timelineLinks(req, res, this.config, result);
    return this.presenter.presentMany(result.statuses, account, {
      filterContext: 'home',
      live: result.live,
    });
  }
}
