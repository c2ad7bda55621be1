import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AdminAccountQueries } from '@nestodon/core';
import { Permission } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { AdminAccountJson, AdminPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { idPageLinks } from '../../../../support/relation-page';
import {
  AdminAccountsV2Query,
  V2_FILTER_KEYS,
  v2AccountFilter,
} from '../../v1/admin/account-params';

/** GET /api/v2/admin/accounts: the account list with named filters (origin, status, …). */
@Controller('api/v2/admin/accounts')
export class AdminAccountsV2Controller {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: AdminAccountQueries,
    private readonly presenter: AdminPresenter,
  ) {}

  @Get()
  @Scopes('admin:read:accounts')
  @RequirePermission(Permission.ManageUsers)
  async index(
    @Query() query: AdminAccountsV2Query,
    @Page({ defaultLimit: 100 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminAccountJson[]> {
    const accounts = await this.queries.page(v2AccountFilter(query), page);
    setPageLinks(
      req,
      res,
      this.config.instance.baseUrl,
      idPageLinks(accounts, page.limit, V2_FILTER_KEYS),
    );
    return this.presenter.presentAccounts(accounts);
  }
}
