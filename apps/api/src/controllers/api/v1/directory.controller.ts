import { Controller, Get, Query } from '@nestjs/common';
import { AuthContext, CurrentAuth, Public } from '@nestodon/auth';
import { DirectoryRepository } from '@nestodon/domain';
import { ToBoolean, ToInteger } from '@nestodon/http';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import { IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

class DirectoryQuery {
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  offset?: number;

  @IsOptional()
  @ToInteger()
  @IsInt()
  limit?: number;

  /** active (most recent post first, the default) or new (newest account first). */
  @IsOptional()
  @IsIn(['active', 'new'])
  order?: 'active' | 'new';

  /** Only accounts of this server. */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  local?: boolean;
}

/**
 * GET /api/v1/directory: the profile directory of discoverable accounts, offset paging. Public;
 * a signed-in viewer does not see accounts it blocks, mutes or is blocked by, nor blocked
 * domains.
 */
@Controller('api/v1/directory')
export class DirectoryController {
  constructor(
    private readonly directory: DirectoryRepository,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Public()
  async index(
    @Query() query: DirectoryQuery,
    @CurrentAuth() auth: AuthContext | undefined,
  ): Promise<AccountJson[]> {
    const requested = Math.min(Math.abs(query.limit ?? 40), 80);
    const accounts = await this.directory.page({
      viewerId: auth?.user?.accountId ?? null,
      offset: query.offset ?? 0,
      limit: requested === 0 ? 40 : requested,
      order: query.order ?? 'active',
      local: query.local ?? false,
    });
    return this.presenter.presentMany(accounts);
  }
}
