import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AddListAccountsService, ListQueries, RemoveListAccountsService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { parsePageParams, setPageLinks, ToArray } from '@nestodon/http';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import { IsArray, IsOptional, IsString } from 'class-validator';
import type { Request, Response } from 'express';

class AccountIdsBody {
  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  account_ids?: string[];
}

/**
 * /api/v1/lists/:id/accounts: a list's members. Without `limit` (or with limit=0) every member
 * comes back; with a limit they are paged by membership (Link header).
 */
@Controller('api/v1/lists/:id/accounts')
export class ListAccountsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lists: ListQueries,
    private readonly addAccounts: AddListAccountsService,
    private readonly removeAccounts: RemoveListAccountsService,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('read:lists')
  async index(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountJson[]> {
    const list = await this.lists.owned(account, id);
    const unlimited = query.limit === undefined || query.limit === '' || query.limit === '0';
    const page = unlimited ? null : parsePageParams(query, { defaultLimit: 40 });
    const result = await this.lists.members(list, page);
    if (page) {
      setPageLinks(req, res, this.config.instance.baseUrl, {
        nextMaxId: result.full ? result.oldestCursor : null,
        prevMinId: result.newestCursor,
      });
    }
    return this.presenter.presentMany(result.accounts);
  }

  @Post()
  @HttpCode(200)
  @Scopes('write:lists')
  async create(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: AccountIdsBody,
  ): Promise<Record<string, never>> {
    await this.addAccounts.call(await this.lists.owned(account, id), body.account_ids ?? []);
    return {};
  }

  @Delete()
  @Scopes('write:lists')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: AccountIdsBody,
    @Query() query: AccountIdsBody,
  ): Promise<Record<string, never>> {
    // Some clients send DELETE parameters in the query string.
    await this.removeAccounts.call(
      await this.lists.owned(account, id),
      body.account_ids ?? query.account_ids ?? [],
    );
    return {};
  }
}
