import { Controller, Get, Param } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { AccountQueries, ListQueries } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { ListJson, serializeList } from '@nestodon/serializers';

/** GET /api/v1/accounts/:id/lists: the caller's lists that contain this account. */
@Controller('api/v1/accounts/:id/lists')
export class AccountListsController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly lists: ListQueries,
  ) {}

  @Get()
  @Scopes('read:lists')
  async index(@CurrentAccount() viewer: Account, @Param('id') id: string): Promise<ListJson[]> {
    const account = await this.accounts.byId(id);
    return (await this.lists.containing(viewer, account)).map(serializeList);
  }
}
