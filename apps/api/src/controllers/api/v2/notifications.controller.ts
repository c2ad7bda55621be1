import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAccount, CurrentAuth, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  ClearNotificationsService,
  DismissNotificationGroupService,
  NotificationGroupQueries,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { parsePageParams, setPageLinks } from '@nestodon/http';
import {
  AccountJson,
  AccountPresenter,
  GroupedNotificationsJson,
  NotificationPresenter,
} from '@nestodon/serializers';
import type { Request, Response } from 'express';
import {
  countLimit,
  groupedTypes,
  notificationScope,
} from '../v1/notifications/notification-params';

/**
 * /api/v2/notifications: grouped notifications (GroupedNotificationsResults), one group, its
 * accounts, dismissing a group, clearing, the unread group count. Register after the policy
 * controller (`:group_key` would shadow it).
 */
@Controller('api/v2/notifications')
export class NotificationsV2Controller {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly groups: NotificationGroupQueries,
    private readonly dismissGroup: DismissNotificationGroupService,
    private readonly clearNotifications: ClearNotificationsService,
    private readonly presenter: NotificationPresenter,
    private readonly accounts: AccountPresenter,
  ) {}

  @Get()
  @Scopes('read:notifications')
  async index(
    @CurrentAccount() account: Account,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<GroupedNotificationsJson> {
    const page = parsePageParams(query, { defaultLimit: 40 });
    const loaded = await this.groups.page(
      account,
      notificationScope(query),
      groupedTypes(query),
      page,
    );
    setPageLinks(req, res, this.config.instance.baseUrl, {
      nextMaxId: loaded.full ? loaded.oldestId : null,
      prevMinId: loaded.newestId,
      keep: [
        'types',
        'exclude_types',
        'account_id',
        'include_filtered',
        'grouped_types',
        'expand_accounts',
      ],
    });
    return this.presenter.presentGroups(loaded.groups, loaded.accounts, loaded.statuses, account);
  }

  @Get('unread_count')
  @Scopes('read:notifications')
  async unreadCount(
    @CurrentAuth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
  ): Promise<{ count: number }> {
    const count = await this.groups.unreadCount(
      auth.user!,
      notificationScope(query),
      groupedTypes(query),
      countLimit(query),
    );
    return { count };
  }

  @Post('clear')
  @HttpCode(200)
  @Scopes('write:notifications')
  async clear(@CurrentAccount() account: Account): Promise<Record<string, never>> {
    await this.clearNotifications.call(account);
    return {};
  }

  @Get(':group_key')
  @Scopes('read:notifications')
  async show(
    @CurrentAccount() account: Account,
    @Param('group_key') groupKey: string,
  ): Promise<GroupedNotificationsJson> {
    const loaded = await this.groups.group(account, groupKey);
    return this.presenter.presentGroups(loaded.groups, loaded.accounts, loaded.statuses, account);
  }

  @Get(':group_key/accounts')
  @Scopes('read:notifications')
  async accountsOf(
    @CurrentAccount() account: Account,
    @Param('group_key') groupKey: string,
  ): Promise<AccountJson[]> {
    return this.accounts.presentMany(await this.groups.accounts(account, groupKey));
  }

  @Post(':group_key/dismiss')
  @HttpCode(200)
  @Scopes('write:notifications')
  async dismiss(
    @CurrentAccount() account: Account,
    @Param('group_key') groupKey: string,
  ): Promise<Record<string, never>> {
    await this.dismissGroup.call(account, groupKey);
    return {};
  }
}
