import { Controller, Get, Query } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { SearchAccountsService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import { requiredQuery, SearchParams, searchLimit } from '../../search-params';

/**
 * GET /api/v1/accounts/search: accounts by username, `user@domain` or display name, followed
 * accounts first (default 40, at most 80). Needs a user token with read:accounts.
 */
@Controller('api/v1/accounts/search')
export class AccountSearchController {
  constructor(
    private readonly search: SearchAccountsService,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('read:accounts')
  async index(
    @Query() params: SearchParams,
    @CurrentAccount() viewer: Account,
  ): Promise<AccountJson[]> {
    const accounts = await this.search.call(viewer, requiredQuery(params), {
      limit: searchLimit(params.limit, 40),
      offset: params.offset ?? 0,
      following: params.following ?? false,
    });
    return this.presenter.presentMany(accounts);
  }
}
