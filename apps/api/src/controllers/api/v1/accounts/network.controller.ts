import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AccountQueries } from '@nestodon/core';
import {
  ListedAccount,
  RelationshipListsRepository,
  RelationshipsRepository,
} from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { networkVisibility } from '@nestodon/policies';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { relationPageLinks } from '../../../../support/relation-page';

/**
 * GET /api/v1/accounts/:id/followers and /following, paged by follow row id. The owner sees
 * everything; others get nothing when the owner hides its network or blocks them, and never
 * see accounts they block, mute or are blocked by. A page costs a fixed number of queries.
 */
@Controller('api/v1/accounts/:id')
export class AccountNetworkController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountQueries,
    private readonly relationships: RelationshipsRepository,
    private readonly lists: RelationshipListsRepository,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get('followers')
  @ScopesIfToken('read:accounts')
  followers(
    @Param('id') id: string,
    @Page({ defaultLimit: 40 }) page: PageParams,
    @CurrentAuth() auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountJson[]> {
    return this.list('followers', id, page, auth, req, res);
  }

  @Get('following')
  @ScopesIfToken('read:accounts')
  following(
    @Param('id') id: string,
    @Page({ defaultLimit: 40 }) page: PageParams,
    @CurrentAuth() auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountJson[]> {
    return this.list('following', id, page, auth, req, res);
  }

  private async list(
    direction: 'followers' | 'following',
    id: string,
    page: PageParams,
    auth: AuthContext | undefined,
    req: Request,
    res: Response,
  ): Promise<AccountJson[]> {
    const owner = await this.accounts.byId(id);
    const viewerId = auth?.user?.accountId ?? null;
    const ownerBlocksViewer =
      viewerId !== null && viewerId !== owner.id
        ? (await this.relationships.between(viewerId, owner.id)).blockedBy
        : false;
    const visibility = networkVisibility({ owner, viewerId, ownerBlocksViewer });
    if (visibility === 'hidden') return [];
    const excludeFor = visibility === 'filtered' ? viewerId : null;
    const rows: ListedAccount[] =
      direction === 'followers'
        ? await this.lists.followers(owner.id, page, excludeFor)
        : await this.lists.following(owner.id, page, excludeFor);
    setPageLinks(req, res, this.config.instance.baseUrl, relationPageLinks(rows, page.limit));
    return this.presenter.presentMany(rows.map((row) => row.account));
  }
}
