import { Controller, Get, Param } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { StatusQueries } from '@nestodon/core';
import { Account } from '@nestodon/domain';

/** GET /api/v1/statuses/:id/source: the raw text, for editing. */
@Controller('api/v1/statuses/:id/source')
export class StatusSourceController {
  constructor(private readonly visibility: StatusQueries) {}

  @Get()
  @Scopes('read:statuses')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<{ id: string; text: string; spoiler_text: string }> {
    const { status } = await this.visibility.findVisible(id, account);
    return { id: status.id, text: status.text, spoiler_text: status.spoilerText };
  }
}
