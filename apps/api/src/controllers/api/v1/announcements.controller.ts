import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ALL_SCOPES } from '@nestodon/access';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { AnnouncementQueries, DismissAnnouncementService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { ToBoolean } from '@nestodon/http';
import { AnnouncementJson } from '@nestodon/serializers';
import { IsBoolean, IsOptional } from 'class-validator';

class AnnouncementsQuery {
  /** Include dismissed announcements (the default, as Mastodon now lists them with `read`). */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  with_dismissed?: boolean;
}

/** GET /api/v1/announcements (any user token) and POST /api/v1/announcements/:id/dismiss. */
@Controller('api/v1/announcements')
export class AnnouncementsController {
  constructor(
    private readonly queries: AnnouncementQueries,
    private readonly dismissService: DismissAnnouncementService,
  ) {}

  @Get()
  @Scopes(...ALL_SCOPES)
  index(
    @CurrentAccount() account: Account,
    @Query() query: AnnouncementsQuery,
  ): Promise<AnnouncementJson[]> {
    return this.queries.list(account.id, query.with_dismissed ?? true);
  }

  @Post(':id/dismiss')
  @HttpCode(200)
  @Scopes('write:accounts')
  async dismiss(@CurrentAccount() account: Account, @Param('id') id: string) {
    await this.dismissService.call(account.id, id);
    return {};
  }
}
