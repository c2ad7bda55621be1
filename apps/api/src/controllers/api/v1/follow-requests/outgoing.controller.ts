import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, RelationshipListsRepository } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { relationPageLinks } from '../../../../support/relation-page';

/**
 * GET /api/v1/follow_requests/outgoing: the accounts the caller asked to follow that have not
 * answered yet, newest request first (paged by request id), as GoToSocial and other servers
 * answer clients that show pending requests.
 */
@Controller('api/v1/follow_requests/outgoing')
export class OutgoingFollowRequestsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lists: RelationshipListsRepository,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('read:follows')
  async index(
    @Page({ defaultLimit: 40 }) page: PageParams,
    @CurrentAccount() viewer: Account,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountJson[]> {
    const rows = await this.lists.outgoingFollowRequests(viewer.id, page);
    setPageLinks(req, res, this.config.instance.baseUrl, relationPageLinks(rows, page.limit));
    return this.presenter.presentMany(rows.map((row) => row.account));
  }
}
