import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FetchMarkedStatusesService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';

/** GET /api/v1/favourites: the caller's favourites, newest first (Link headers carry row ids). */
@Controller('api/v1/favourites')
export class FavouritesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly marked: FetchMarkedStatusesService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @Scopes('read:favourites')
  async index(
    @CurrentAccount() account: Account,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    const result = await this.marked.call('favourites', account, page);
    setPageLinks(req, res, this.config.instance.baseUrl, result);
    return this.presenter.presentMany(result.statuses, account);
  }
}
