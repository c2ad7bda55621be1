import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { FetchFiltersService, ManageFilterKeywordsService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { FilterKeywordJson, serializeFilterKeyword } from '@nestodon/serializers';
import { booleanParam, stringParam } from './filter-params';

/** /api/v2/filters/keywords/:id: one keyword. Register before FilterKeywordsController. */
@Controller('api/v2/filters/keywords')
export class FilterKeywordController {
  constructor(
    private readonly filters: FetchFiltersService,
    private readonly keywords: ManageFilterKeywordsService,
  ) {}

  @Get(':id')
  @Scopes('read:filters')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<FilterKeywordJson> {
    return serializeFilterKeyword((await this.filters.keyword(account, id)).keyword);
  }

  @Put(':id')
  @Scopes('write:filters')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterKeywordJson> {
    return serializeFilterKeyword(
      await this.keywords.update(account, id, {
        keyword: stringParam(body, 'keyword'),
        wholeWord: booleanParam(body, 'whole_word'),
      }),
    );
  }

  @Delete(':id')
  @Scopes('write:filters')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.keywords.remove(account, id);
    return {};
  }
}

/** /api/v2/filters/:filter_id/keywords: a filter's keywords. */
@Controller('api/v2/filters/:filter_id/keywords')
export class FilterKeywordsController {
  constructor(
    private readonly filters: FetchFiltersService,
    private readonly keywords: ManageFilterKeywordsService,
  ) {}

  @Get()
  @Scopes('read:filters')
  async index(
    @CurrentAccount() account: Account,
    @Param('filter_id') filterId: string,
  ): Promise<FilterKeywordJson[]> {
    const { keywords } = await this.filters.ownedWithRules(account, filterId);
    return keywords.map(serializeFilterKeyword);
  }

  @Post()
  @HttpCode(200)
  @Scopes('write:filters')
  async create(
    @CurrentAccount() account: Account,
    @Param('filter_id') filterId: string,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterKeywordJson> {
    return serializeFilterKeyword(
      await this.keywords.add(account, filterId, {
        keyword: stringParam(body, 'keyword'),
        wholeWord: booleanParam(body, 'whole_word'),
      }),
    );
  }
}
