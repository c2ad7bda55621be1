import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  ConversationQueries,
  MarkConversationReadService,
  RemoveConversationService,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { ConversationJson, ConversationPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';

/**
 * /api/v1/conversations: direct-message threads, newest last status first (paged by it),
 * marking one read (or unread), removing one from the list.
 */
@Controller('api/v1/conversations')
export class ConversationsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly conversations: ConversationQueries,
    private readonly markRead: MarkConversationReadService,
    private readonly removeConversation: RemoveConversationService,
    private readonly presenter: ConversationPresenter,
  ) {}

  @Get()
  @Scopes('read:statuses')
  async index(
    @CurrentAccount() account: Account,
    @Page({ defaultLimit: 20 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ConversationJson[]> {
    const loaded = await this.conversations.page(account, page);
    setPageLinks(req, res, this.config.instance.baseUrl, {
      nextMaxId: loaded.full ? loaded.oldestCursor : null,
      prevMinId: loaded.newestCursor,
    });
    return this.presenter.presentMany(
      loaded.conversations,
      loaded.accounts,
      loaded.statuses,
      account,
    );
  }

  @Post(':id/read')
  @HttpCode(200)
  @Scopes('write:conversations')
  read(@CurrentAccount() account: Account, @Param('id') id: string): Promise<ConversationJson> {
    return this.markRead.call(account, id);
  }

  @Post(':id/unread')
  @HttpCode(200)
  @Scopes('write:conversations')
  unread(@CurrentAccount() account: Account, @Param('id') id: string): Promise<ConversationJson> {
    return this.markRead.call(account, id, false);
  }

  @Delete(':id')
  @Scopes('write:conversations')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.removeConversation.call(account, id);
    return {};
  }
}
