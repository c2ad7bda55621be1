import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAccount, CurrentAuth, Scopes, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { EndorseAccountService, AccountQueries, UnendorseAccountService } from '@nestodon/core';
import { Account, RelationshipListsRepository } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import {
  AccountJson,
  AccountPresenter,
  RelationshipJson,
  RelationshipPresenter,
} from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { relationPageLinks } from '../../../../support/relation-page';

/**
 * Endorsements (accounts featured on a profile): POST /api/v1/accounts/:id/endorse and
 * /unendorse (and their deprecated names /pin and /unpin), answering the Relationship; and the
 * public GET /api/v1/accounts/:id/endorsements, paged by endorsement row id.
 */
@Controller('api/v1/accounts/:id')
export class AccountEndorsementsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountQueries,
    private readonly endorse: EndorseAccountService,
    private readonly unendorse: UnendorseAccountService,
    private readonly lists: RelationshipListsRepository,
    private readonly accountPresenter: AccountPresenter,
    private readonly relationships: RelationshipPresenter,
  ) {}

  @Post(['endorse', 'pin'])
  @HttpCode(200)
  @Scopes('write:accounts')
  async create(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.endorse.call(viewer, target);
    return this.relationships.present(viewer.id, target.id);
  }

  @Post(['unendorse', 'unpin'])
  @HttpCode(200)
  @Scopes('write:accounts')
  async destroy(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const target = await this.accounts.byId(id);
    await this.unendorse.call(viewer, target);
    return this.relationships.present(viewer.id, target.id);
  }

  @Get('endorsements')
  @ScopesIfToken('read:accounts')
  async index(
    @Param('id') id: string,
    @Page({ defaultLimit: 40 }) page: PageParams,
    @CurrentAuth() _auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountJson[]> {
    const owner = await this.accounts.byId(id);
    if (owner.suspendedAt !== null) return [];
    const rows = await this.lists.endorsements(owner.id, page);
    setPageLinks(req, res, this.config.instance.baseUrl, relationPageLinks(rows, page.limit));
    return this.accountPresenter.presentMany(rows.map((row) => row.account));
  }
}
