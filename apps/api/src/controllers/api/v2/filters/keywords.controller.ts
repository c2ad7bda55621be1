import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  AddFilterKeywordService,
  FilterQueries,
  RemoveFilterKeywordService,
  UpdateFilterKeywordService,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Update } from '@nestodon/http';
import { FilterKeywordJson, serializeFilterKeyword } from '@nestodon/serializers';
import { booleanParam, stringParam } from './filter-params';

/** /api/v2/filters/keywords/:id: one keyword. Register before FilterKeywordsController. */
@Controller('api/v2/filters/keywords')
export class FilterKeywordController {
  constructor(
    private readonly filters: FilterQueries,
    private readonly updateKeyword: UpdateFilterKeywordService,
    private readonly removeKeyword: RemoveFilterKeywordService,
  ) {}

  @Get(':id')
  @Scopes('read:filters')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<FilterKeywordJson> {
    return serializeFilterKeyword((await this.filters.keyword(account, id)).keyword);
  }

  @Update(':id')
  @Scopes('write:filters')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterKeywordJson> {
    return serializeFilterKeyword(
      await this.updateKeyword.call(account, id, {
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
    await this.removeKeyword.call(account, id);
    return {};
  }
}

/** /api/v2/filters/:filter_id/keywords: a filter's keywords. */
@Controller('api/v2/filters/:filter_id/keywords')
export class FilterKeywordsController {
  constructor(
    private readonly filters: FilterQueries,
    private readonly addKeyword: AddFilterKeywordService,
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
      await this.addKeyword.call(account, filterId, {
        keyword: stringParam(body, 'keyword'),
        wholeWord: booleanParam(body, 'whole_word'),
      }),
    );
  }
}
