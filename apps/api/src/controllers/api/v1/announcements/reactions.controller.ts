import { Controller, Delete, Param } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { AddAnnouncementReactionService, RemoveAnnouncementReactionService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Update } from '@nestodon/http';

/** PUT (and PATCH, as Rails routes it) / DELETE /api/v1/announcements/:id/reactions/:name. */
@Controller('api/v1/announcements/:id/reactions')
export class AnnouncementReactionsController {
  constructor(
    private readonly add: AddAnnouncementReactionService,
    private readonly remove: RemoveAnnouncementReactionService,
  ) {}

  @Update(':name')
  @Scopes('write:favourites')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('name') name: string,
  ) {
    await this.add.call(account.id, id, name);
    return {};
  }

  @Delete(':name')
  @Scopes('write:favourites')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Param('name') name: string,
  ) {
    await this.remove.call(account.id, id, name);
    return {};
  }
}
