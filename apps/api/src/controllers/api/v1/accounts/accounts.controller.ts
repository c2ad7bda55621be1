import { Controller, Get, HttpException, Param, Query } from '@nestjs/common';
import { ScopesIfToken } from '@nestodon/auth';
import { AccountQueries } from '@nestodon/core';
import { ValidationError } from '@nestodon/domain';
import { ToArray } from '@nestodon/http';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import { IsArray, IsOptional, IsString } from 'class-validator';

/** Mastodon's cap on `id[]` for GET /api/v1/accounts. */
export const MAX_ACCOUNTS_PER_REQUEST = 40;

class AccountsQuery {
  @IsOptional()
  @ToArray()
  @IsArray()
  @IsString({ each: true })
  id?: string[];
}

/**
 * GET /api/v1/accounts?id[]= and GET /api/v1/accounts/:id. Register after every other
 * /api/v1/accounts/<word> GET route: `:id` would otherwise shadow them.
 */
@Controller('api/v1/accounts')
export class AccountsController {
  constructor(
    private readonly accounts: AccountQueries,
    private readonly presenter: AccountPresenter,
  ) {}

  /** Several accounts; unknown ids are skipped, suspended ones shown as suspended. */
  @Get()
  @ScopesIfToken('read:accounts')
  async index(@Query() query: AccountsQuery): Promise<AccountJson[]> {
    const ids = query.id ?? [];
    if (ids.length > MAX_ACCOUNTS_PER_REQUEST) {
      throw new ValidationError(
        `Validation failed: at most ${MAX_ACCOUNTS_PER_REQUEST} ids may be requested at once`,
      );
    }
    return this.presenter.presentMany(await this.accounts.byIds(ids));
  }

  /** One account; public. A suspended account answers 410. */
  @Get(':id')
  @ScopesIfToken('read:accounts')
  async show(@Param('id') id: string): Promise<AccountJson> {
    const account = await this.accounts.byId(id);
    if (account.suspendedAt !== null) {
      throw new HttpException({ error: 'This account has been suspended' }, 410);
    }
    return this.presenter.present(account);
  }
}
