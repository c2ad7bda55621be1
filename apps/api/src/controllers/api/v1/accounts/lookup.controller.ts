import { Controller, Get, Query } from '@nestjs/common';
import { ScopesIfToken } from '@nestodon/auth';
import { AccountQueries } from '@nestodon/core';
import { RecordNotFoundError } from '@nestodon/domain';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';

/**
 * GET /api/v1/accounts/lookup?acct=: a local (`user`, `user@this.domain`) or already known
 * remote account (`user@domain`), without WebFinger. Public; a token must have read:accounts.
 */
@Controller('api/v1/accounts/lookup')
export class AccountLookupController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @ScopesIfToken('read:accounts')
  async show(@Query('acct') acct: unknown): Promise<AccountJson> {
    if (typeof acct !== 'string' || acct === '') throw new RecordNotFoundError();
    return this.presenter.present(await this.accounts.byAcct(acct));
  }
}
