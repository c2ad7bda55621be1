import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, RelationshipListsRepository } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { relationPageLinks } from '../../../support/relation-page';

/** Mastodon's MutedAccount: an Account with the mute's end. */
export type MutedAccountJson = AccountJson & { mute_expires_at: string | null };

/** GET /api/v1/mutes: accounts the viewer mutes (ended mutes aside), paged by mute row id. */
@Controller('api/v1/mutes')
export class MutesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lists: RelationshipListsRepository,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('read:mutes')
  async index(
    @Page({ defaultLimit: 40 }) page: PageParams,
    @CurrentAccount() viewer: Account,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MutedAccountJson[]> {
    const rows = await this.lists.mutes(viewer.id, page);
    setPageLinks(req, res, this.config.instance.baseUrl, relationPageLinks(rows, page.limit));
    const accounts = await this.presenter.presentMany(rows.map((row) => row.account));
    return accounts.map((account, i) => ({
      ...account,
      mute_expires_at: rows[i].expiresAt ? new Date(rows[i].expiresAt!).toISOString() : null,
    }));
  }
}
