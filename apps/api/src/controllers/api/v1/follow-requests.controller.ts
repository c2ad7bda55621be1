import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AuthorizeFollowService, AccountQueries, RejectFollowService } from '@nestodon/core';
import { Account, RelationshipListsRepository } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import {
  AccountJson,
  AccountPresenter,
  RelationshipJson,
  RelationshipPresenter,
} from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { relationPageLinks } from '../../../support/relation-page';

/**
 * GET /api/v1/follow_requests (accounts waiting for the viewer's approval, paged by request
 * row id) and POST /api/v1/follow_requests/:account_id/authorize|reject, answering the
 * Relationship with the requester.
 */
@Controller('api/v1/follow_requests')
export class FollowRequestsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountQueries,
    private readonly lists: RelationshipListsRepository,
    private readonly authorizer: AuthorizeFollowService,
    private readonly rejecter: RejectFollowService,
    private readonly accountPresenter: AccountPresenter,
    private readonly relationships: RelationshipPresenter,
  ) {}

  @Get()
  @Scopes('read:follows')
  async index(
    @Page({ defaultLimit: 40 }) page: PageParams,
    @CurrentAccount() viewer: Account,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountJson[]> {
    const rows = await this.lists.followRequests(viewer.id, page);
    setPageLinks(req, res, this.config.instance.baseUrl, relationPageLinks(rows, page.limit));
    return this.accountPresenter.presentMany(rows.map((row) => row.account));
  }

  @Post(':id/authorize')
  @HttpCode(200)
  @Scopes('write:follows')
  async authorize(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const requester = await this.accounts.byId(id);
    await this.authorizer.call(requester, viewer);
    return this.relationships.present(viewer.id, requester.id);
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Scopes('write:follows')
  async reject(
    @Param('id') id: string,
    @CurrentAccount() viewer: Account,
  ): Promise<RelationshipJson> {
    const requester = await this.accounts.byId(id);
    await this.rejecter.call(requester, viewer);
    return this.relationships.present(viewer.id, requester.id);
  }
}
