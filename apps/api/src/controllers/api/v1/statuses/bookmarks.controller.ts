import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { BookmarkStatusService, UnbookmarkStatusService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';

/** POST /api/v1/statuses/:id/bookmark and /unbookmark. */
@Controller('api/v1/statuses/:id')
export class StatusBookmarksController {
  constructor(
    private readonly bookmark: BookmarkStatusService,
    private readonly unbookmark: UnbookmarkStatusService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Post('bookmark')
  @HttpCode(200)
  @Scopes('write:bookmarks')
  async create(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.bookmark.call(account, id), account);
  }

  @Post('unbookmark')
  @HttpCode(200)
  @Scopes('write:bookmarks')
  async destroy(@CurrentAccount() account: Account, @Param('id') id: string): Promise<StatusJson> {
    return this.presenter.present(await this.unbookmark.call(account, id), account);
  }
}
