import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { StatusInteractorQueries } from '@nestodon/core';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { viewerOf } from './status-params';

/**
 * GET /api/v1/statuses/:id/favourited_by (paged by favourite) and /reblogged_by (paged by
 * reblog): the accounts that favourited or reblogged a status the caller may see.
 */
@Controller('api/v1/statuses/:id')
export class StatusInteractorsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly interactors: StatusInteractorQueries,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get('favourited_by')
  @ScopesIfToken('read:accounts')
  favouritedBy(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('id') id: string,
    @Page({ defaultLimit: 40 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountJson[]> {
    return this.list('favouritedBy', id, auth, page, req, res);
  }

  @Get('reblogged_by')
  @ScopesIfToken('read:accounts')
  rebloggedBy(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('id') id: string,
    @Page({ defaultLimit: 40 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountJson[]> {
    return this.list('rebloggedBy', id, auth, page, req, res);
  }

  private async list(
    kind: 'favouritedBy' | 'rebloggedBy',
    id: string,
    auth: AuthContext | undefined,
    page: PageParams,
    req: Request,
    res: Response,
  ): Promise<AccountJson[]> {
    const result = await this.interactors[kind](id, viewerOf(auth), page);
    setPageLinks(req, res, this.config.instance.baseUrl, result);
    return this.presenter.presentMany(result.accounts);
  }
}
