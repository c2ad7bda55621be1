import {
  Body,
  Controller,
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
import {
  AcceptNotificationRequestsService,
  DismissNotificationRequestsService,
  NotificationRequestQueries,
} from '@nestodon/core';
import { Account, RecordNotFoundError } from '@nestodon/domain';
import { parsePageParams, setPageLinks } from '@nestodon/http';
import { NotificationPresenter, NotificationRequestJson } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { idList } from './notification-params';

/** /api/v1/notifications/requests: senders held back by the notification policy. */
@Controller('api/v1/notifications/requests')
export class NotificationRequestsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly requests: NotificationRequestQueries,
    private readonly acceptRequests: AcceptNotificationRequestsService,
    private readonly dismissRequests: DismissNotificationRequestsService,
    private readonly presenter: NotificationPresenter,
  ) {}

  @Get()
  @Scopes('read:notifications')
  async index(
    @CurrentAccount() account: Account,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NotificationRequestJson[]> {
    const loaded = await this.requests.page(account, parsePageParams(query, { defaultLimit: 40 }));
    setPageLinks(req, res, this.config.instance.baseUrl, {
      nextMaxId: loaded.full ? loaded.oldestId : null,
      prevMinId: loaded.newestId,
    });
    return this.presenter.presentRequests(
      loaded.requests,
      loaded.senders,
      loaded.statuses,
      account,
    );
  }

  /** Accepted requests are merged at once, so this is always true. */
  @Get('merged')
  @Scopes('read:notifications')
  merged(): { merged: boolean } {
    return { merged: true };
  }

  @Post('accept')
  @HttpCode(200)
  @Scopes('write:notifications')
  async acceptMany(
    @CurrentAccount() account: Account,
    @Body() body: Record<string, unknown>,
  ): Promise<Record<string, never>> {
    await this.acceptRequests.call(account, idList(body));
    return {};
  }

  @Post('dismiss')
  @HttpCode(200)
  @Scopes('write:notifications')
  async dismissMany(
    @CurrentAccount() account: Account,
    @Body() body: Record<string, unknown>,
  ): Promise<Record<string, never>> {
    await this.dismissRequests.call(account, idList(body));
    return {};
  }

  @Get(':id')
  @Scopes('read:notifications')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<NotificationRequestJson> {
    const loaded = await this.requests.one(account, id);
    const [json] = await this.presenter.presentRequests(
      loaded.requests,
      loaded.senders,
      loaded.statuses,
      account,
    );
    if (!json) throw new RecordNotFoundError();
    return json;
  }

  @Post(':id/accept')
  @HttpCode(200)
  @Scopes('write:notifications')
  async accept(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.requests.owned(account, id);
    await this.acceptRequests.call(account, [id]);
    return {};
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  @Scopes('write:notifications')
  async dismiss(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.requests.owned(account, id);
    await this.dismissRequests.call(account, [id]);
    return {};
  }
}
