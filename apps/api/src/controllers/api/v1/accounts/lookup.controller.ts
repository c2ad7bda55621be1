import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AccountQueries, REMOTE_ACCOUNT_RESOLVER, RemoteAccountResolver } from '@nestodon/core';
import { Account, RecordNotFoundError } from '@nestodon/domain';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';

const ACCT = /^@?([A-Za-z0-9_.-]+)(?:@([^@\s/]+))?$/;

/**
 * GET /api/v1/accounts/lookup?acct=: a local (`user`, `user@this.domain`) or remote
 * (`user@domain`) account; a remote one not known yet (or stale) is resolved through WebFinger
 * and its actor. Public; a token must have read:accounts.
 */
@Controller('api/v1/accounts/lookup')
export class AccountLookupController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountQueries,
    private readonly presenter: AccountPresenter,
    @Inject(REMOTE_ACCOUNT_RESOLVER) private readonly remote: RemoteAccountResolver,
  ) {}

  @Get()
  @ScopesIfToken('read:accounts')
  async show(@Query('acct') acct: unknown): Promise<AccountJson> {
    if (typeof acct !== 'string' || acct === '') throw new RecordNotFoundError();
    return this.presenter.present(await this.find(acct));
  }

  private async find(acct: string): Promise<Account> {
    const match = ACCT.exec(acct.trim());
    const domain = match?.[2]?.toLowerCase();
    const { localDomain, webDomain } = this.config.instance;
    if (!match || !domain || domain === localDomain || domain === webDomain) {
      return this.accounts.byAcct(acct);
    }
    // Unreachable servers and refused actors (null) answer as unknown handles do.
    return (await this.remote.resolve(match[1], domain)) ?? this.accounts.byAcct(acct);
  }
}
