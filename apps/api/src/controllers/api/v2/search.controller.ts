import { Controller, Get, Query, UnauthorizedException } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { SearchService, SearchType } from '@nestodon/core';
import { ToBoolean } from '@nestodon/http';
import {
  AccountJson,
  AccountPresenter,
  StatusJson,
  StatusPresenter,
  TagJson,
  TagPresenter,
} from '@nestodon/serializers';
import { IsBoolean, IsIn, IsOptional, Matches } from 'class-validator';
import { requiredQuery, SearchParams, searchLimit } from '../search-params';

const ID = /^\d{1,19}$/;

class SearchQuery extends SearchParams {
  @IsOptional()
  @IsIn(['accounts', 'hashtags', 'statuses'])
  type?: SearchType;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  exclude_unreviewed?: boolean;

  @IsOptional()
  @Matches(ID, { message: 'account_id must be a numeric id' })
  account_id?: string;

  @IsOptional()
  @Matches(ID, { message: 'max_id must be a numeric id' })
  max_id?: string;

  @IsOptional()
  @Matches(ID, { message: 'min_id must be a numeric id' })
  min_id?: string;
}

export interface SearchJson {
  accounts: AccountJson[];
  statuses: StatusJson[];
  hashtags: TagJson[];
}

/**
 * GET /api/v2/search: accounts, hashtags and statuses matching `q`, with Mastodon 4.2+
 * operators for statuses. Without a signed-in user: accounts and hashtags only, and neither
 * `offset` nor `resolve` (401), as Mastodon. A token must have read:search.
 */
@Controller('api/v2/search')
export class SearchV2Controller {
  constructor(
    private readonly search: SearchService,
    private readonly accounts: AccountPresenter,
    private readonly statuses: StatusPresenter,
    private readonly tags: TagPresenter,
  ) {}

  @Get()
  @ScopesIfToken('read:search')
  async index(
    @Query() query: SearchQuery,
    @CurrentAuth() auth: AuthContext | undefined,
  ): Promise<SearchJson> {
    const q = requiredQuery(query);
    const viewer = auth?.user?.account ?? null;
    if (!viewer && (query.offset ?? 0) > 0) {
      throw new UnauthorizedException({
        error: 'Search queries pagination is not supported without authentication',
      });
    }
    if (!viewer && query.resolve) {
      throw new UnauthorizedException({
        error:
          'Search queries that resolve remote resources are not supported without authentication',
      });
    }
    const results = await this.search.call(viewer, q, {
      type: query.type ?? null,
      resolve: query.resolve ?? false,
      following: query.following ?? false,
      accountId: query.account_id ?? null,
      excludeUnreviewed: query.exclude_unreviewed ?? false,
      maxId: query.max_id ?? null,
      minId: query.min_id ?? null,
      offset: query.offset ?? 0,
      limit: searchLimit(query.limit, 20),
    });
    const [accounts, statuses, hashtags] = await Promise.all([
      this.accounts.presentMany(results.accounts),
      this.statuses.presentMany(results.statuses, viewer),
      this.tags.presentMany(results.hashtags, viewer?.id ?? null),
    ]);
    return { accounts, statuses, hashtags };
  }
}
