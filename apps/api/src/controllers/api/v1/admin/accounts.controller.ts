import { Body, Controller, Delete, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  AdminAccountQueries,
  DeleteAccountDataService,
  LiftAccountSanctionService,
  LiftedSanction,
  Moderator,
  ReviewSignUpService,
  TakeAccountActionService,
} from '@nestodon/core';
import { Permission } from '@nestodon/domain';
import { Page, PageParams, setPageLinks, ToBoolean } from '@nestodon/http';
import { ACCOUNT_ACTION_TYPES, AccountActionType } from '@nestodon/policies';
import { AdminAccountJson, AdminPresenter } from '@nestodon/serializers';
import { IsBoolean, IsIn, IsOptional, IsString, Matches } from 'class-validator';
import type { Request, Response } from 'express';
import { CurrentModerator } from '../../../../support/current-moderator';
import { AdminPost } from '../../../../support/admin-route';
import { idPageLinks } from '../../../../support/relation-page';
import { AdminAccountsV1Query, V1_FILTER_KEYS, v1AccountFilter } from './account-params';

class AccountActionBody {
  @IsIn(ACCOUNT_ACTION_TYPES)
  type: AccountActionType;

  @IsOptional()
  @Matches(/^\d{1,19}$/)
  report_id?: string;

  @IsOptional()
  @Matches(/^\d{1,19}$/)
  warning_preset_id?: string;

  @IsOptional()
  @IsString()
  text?: string;

  /** Kept for compatibility; warnings reach the user through the API (no mail is sent yet). */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  send_email_notification?: boolean;
}

/**
 * /api/v1/admin/accounts: moderators (manage_users) list, inspect and act on accounts. v1
 * lists active local accounts unless flags (`remote`, `pending`, `suspended`, …) say otherwise.
 */
@Controller('api/v1/admin/accounts')
export class AdminAccountsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: AdminAccountQueries,
    private readonly presenter: AdminPresenter,
    private readonly takeAction: TakeAccountActionService,
    private readonly lift: LiftAccountSanctionService,
    private readonly review: ReviewSignUpService,
    private readonly deleteData: DeleteAccountDataService,
  ) {}

  @Get()
  @Scopes('admin:read:accounts')
  @RequirePermission(Permission.ManageUsers)
  async index(
    @Query() query: AdminAccountsV1Query,
    @Page({ defaultLimit: 100 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminAccountJson[]> {
    const accounts = await this.queries.page(v1AccountFilter(query), page);
    setPageLinks(
      req,
      res,
      this.config.instance.baseUrl,
      idPageLinks(accounts, page.limit, V1_FILTER_KEYS),
    );
    return this.presenter.presentAccounts(accounts);
  }

  @Get(':id')
  @Scopes('admin:read:accounts')
  @RequirePermission(Permission.ManageUsers)
  async show(@Param('id') id: string): Promise<AdminAccountJson> {
    return this.presenter.presentAccount(await this.queries.byId(id));
  }

  @Delete(':id')
  @Scopes('admin:write:accounts')
  @RequirePermission(Permission.DeleteUserData)
  async destroy(
    @CurrentModerator() moderator: Moderator,
    @Param('id') id: string,
  ): Promise<AdminAccountJson> {
    return this.presenter.presentAccount(await this.deleteData.call(moderator, id));
  }

  @AdminPost(':id/action', 'admin:write:accounts', Permission.ManageUsers, Permission.ManageReports)
  async action(
    @CurrentModerator() moderator: Moderator,
    @Param('id') id: string,
    @Body() body: AccountActionBody,
  ): Promise<Record<string, never>> {
    await this.takeAction.call(moderator, id, {
      type: body.type,
      reportId: body.report_id,
      warningPresetId: body.warning_preset_id,
      text: body.text,
    });
    return {};
  }

  @AdminPost(':id/approve', 'admin:write:accounts', Permission.ManageUsers)
  async approve(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.presenter.presentAccount(await this.review.call(moderator, id, 'approve'));
  }

  @AdminPost(':id/reject', 'admin:write:accounts', Permission.ManageUsers)
  async reject(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.presenter.presentAccount(await this.review.call(moderator, id, 'reject'));
  }

  @AdminPost(':id/enable', 'admin:write:accounts', Permission.ManageUsers)
  enable(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.lifted(moderator, id, 'enable');
  }

  @AdminPost(':id/unsilence', 'admin:write:accounts', Permission.ManageUsers)
  unsilence(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.lifted(moderator, id, 'unsilence');
  }

  @AdminPost(':id/unsuspend', 'admin:write:accounts', Permission.ManageUsers)
  unsuspend(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.lifted(moderator, id, 'unsuspend');
  }

  @AdminPost(':id/unsensitive', 'admin:write:accounts', Permission.ManageUsers)
  unsensitive(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    return this.lifted(moderator, id, 'unsensitive');
  }

  private async lifted(
    moderator: Moderator,
    id: string,
    sanction: LiftedSanction,
  ): Promise<AdminAccountJson> {
    return this.presenter.presentAccount(await this.lift.call(moderator, id, sanction));
  }
}
