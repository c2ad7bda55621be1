import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { QuoteQueries, RevokeQuoteService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';

/**
 * GET /api/v1/statuses/:id/quotes (the accepted quotes of one's own status, paged by quote id)
 * and POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke (Mastodon 4.5).
 */
@Controller('api/v1/statuses/:id/quotes')
export class StatusQuotesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly quotes: QuoteQueries,
    private readonly revoker: RevokeQuoteService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @Scopes('read:statuses')
  async index(
    @CurrentAccount() viewer: Account,
    @Param('id') id: string,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    const result = await this.quotes.quotesOf(id, viewer, page);
    setPageLinks(req, res, this.config.instance.baseUrl, result);
    return this.presenter.presentMany(result.statuses, viewer);
  }

  /** The quoted author withdraws a quote's approval; answers the quoting status. */
  @Post(':quoting_status_id/revoke')
  @HttpCode(200)
  @Scopes('write:statuses')
  async revoke(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('quoting_status_id') quotingStatusId: string,
  ): Promise<StatusJson> {
    return this.presenter.present(await this.revoker.call(account, id, quotingStatusId), account);
  }
}
