import { BadRequestException, Controller, Get, Query } from '@nestjs/common';
import { Account } from '@nestodon/domain';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { SearchAccountsService } from '@nestodon/core';
import { ToBoolean, ToInteger } from '@nestodon/http';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

class AccountSearchQuery {
  @IsOptional()
  @IsString()
  q?: string;

  @IsOptional()
  @ToInteger()
  @IsInt()
  limit?: number;

  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(10_000)
  offset?: number;

  /** Look a handle up over federation; the federation code answers it (local search here). */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  resolve?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  following?: boolean;
}

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
    @Query() query: AccountSearchQuery,
    @CurrentAccount() viewer: Account,
  ): Promise<AccountJson[]> {
    if (!query.q?.trim()) {
      throw new BadRequestException({ error: 'param is missing or the value is empty: q' });
    }
    const accounts = await this.search.call(viewer, query.q, {
      limit: Math.min(Math.abs(query.limit ?? 40), 80) || 40,
      offset: query.offset ?? 0,
      following: query.following ?? false,
    });
    return this.presenter.presentMany(accounts);
  }
}
