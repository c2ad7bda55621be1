import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  CreateFilterV1Service,
  FilterQueries,
  FilterV1Input,
  RemoveFilterKeywordService,
  UpdateFilterV1Service,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Update } from '@nestodon/http';
import { FilterV1Json, serializeFilterV1 } from '@nestodon/serializers';
import {
  booleanParam,
  expiresInParam,
  stringListParam,
  stringParam,
} from '../v2/filters/filter-params';

const input = (body: Record<string, unknown>): FilterV1Input => ({
  phrase: stringParam(body, 'phrase'),
  context: stringListParam(body, 'context'),
  irreversible: booleanParam(body, 'irreversible'),
  wholeWord: booleanParam(body, 'whole_word'),
  expiresIn: expiresInParam(body),
});

/**
 * /api/v1/filters (deprecated): one entry per keyword of the user's filters; its id is the
 * keyword's. Deleting removes that keyword only.
 */
@Controller('api/v1/filters')
export class FiltersV1Controller {
  constructor(
    private readonly filters: FilterQueries,
    private readonly createFilter: CreateFilterV1Service,
    private readonly updateFilter: UpdateFilterV1Service,
    private readonly removeKeyword: RemoveFilterKeywordService,
  ) {}

  @Get()
  @Scopes('read:filters')
  async index(@CurrentAccount() account: Account): Promise<FilterV1Json[]> {
    return (await this.filters.keywordsAsV1(account)).map(({ filter, keyword }) =>
      serializeFilterV1(filter, keyword),
    );
  }

  @Post()
  @HttpCode(200)
  @Scopes('write:filters')
  async create(
    @CurrentAccount() account: Account,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterV1Json> {
    const { filter, keyword } = await this.createFilter.call(account, input(body));
    return serializeFilterV1(filter, keyword);
  }

  @Get(':id')
  @Scopes('read:filters')
  async show(@CurrentAccount() account: Account, @Param('id') id: string): Promise<FilterV1Json> {
    const { filter, keyword } = await this.filters.keyword(account, id);
    return serializeFilterV1(filter, keyword);
  }

  @Update(':id')
  @Scopes('write:filters')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterV1Json> {
    const { filter, keyword } = await this.updateFilter.call(account, id, input(body));
    return serializeFilterV1(filter, keyword);
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
