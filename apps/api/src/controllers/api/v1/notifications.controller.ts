import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAccount, CurrentAuth, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  ClearNotificationsService,
  DismissNotificationService,
  NotificationQueries,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { parsePageParams, setPageLinks } from '@nestodon/http';
import { NotificationJson, NotificationPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { countLimit, notificationScope } from './notifications/notification-params';

/**
 * /api/v1/notifications: the user's notifications (types[], exclude_types[], account_id,
 * include_filtered; paged by id), one of them, dismissing one, clearing all, unread count.
 * Register after the requests and policy controllers (`:id` would shadow them).
 */
@Controller('api/v1/notifications')
export class NotificationsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationQueries,
    private readonly dismissNotification: DismissNotificationService,
    private readonly clearNotifications: ClearNotificationsService,
    private readonly presenter: NotificationPresenter,
  ) {}

  @Get()
  @Scopes('read:notifications')
  async index(
    @CurrentAccount() account: Account,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NotificationJson[]> {
    const page = parsePageParams(query, { defaultLimit: 40 });
    const loaded = await this.notifications.page(account, notificationScope(query), page);
    setPageLinks(req, res, this.config.instance.baseUrl, {
      nextMaxId: loaded.full ? loaded.oldestId : null,
      prevMinId: loaded.newestId,
      keep: ['types', 'exclude_types', 'account_id', 'include_filtered'],
    });
    return this.presenter.presentMany(
      loaded.notifications,
      loaded.senders,
      loaded.statuses,
      account,
    );
  }

  @Get('unread_count')
  @Scopes('read:notifications')
  async unreadCount(
    @CurrentAuth() auth: AuthContext,
    @Query() query: Record<string, unknown>,
  ): Promise<{ count: number }> {
    const count = await this.notifications.unreadCount(
      auth.user!,
      notificationScope(query),
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

  @Get(':id')
  @Scopes('read:notifications')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<NotificationJson> {
    const loaded = await this.notifications.one(account, id);
    const [json] = await this.presenter.presentMany(
      loaded.notifications,
      loaded.senders,
      loaded.statuses,
      account,
    );
    return json;
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  @Scopes('write:notifications')
  async dismiss(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.dismissNotification.call(account, id);
    return {};
  }
}
