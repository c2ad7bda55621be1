import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import {
  CreateFilterService,
  DeleteFilterService,
  FilterInput,
  FilterQueries,
  UpdateFilterService,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Update } from '@nestodon/http';
import { FilterJson, serializeFilter } from '@nestodon/serializers';
import {
  expiresInParam,
  keywordsAttributesParam,
  stringListParam,
  stringParam,
} from './filters/filter-params';

const input = (body: Record<string, unknown>): FilterInput => ({
  title: stringParam(body, 'title'),
  context: stringListParam(body, 'context'),
  filterAction: stringParam(body, 'filter_action'),
  expiresIn: expiresInParam(body),
  keywordsAttributes: keywordsAttributesParam(body),
});

/** /api/v2/filters: filters with keywords and statuses; keywords editable in the same request. */
@Controller('api/v2/filters')
export class FiltersV2Controller {
  constructor(
    private readonly filters: FilterQueries,
    private readonly createFilter: CreateFilterService,
    private readonly updateFilter: UpdateFilterService,
    private readonly deleteFilter: DeleteFilterService,
  ) {}

  @Get()
  @Scopes('read:filters')
  async index(@CurrentAccount() account: Account): Promise<FilterJson[]> {
    return (await this.filters.all(account)).map(({ filter, ...rules }) =>
      serializeFilter(filter, rules),
    );
  }

  @Post()
  @HttpCode(200)
  @Scopes('write:filters')
  async create(
    @CurrentAccount() account: Account,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterJson> {
    const { filter, ...rules } = await this.createFilter.call(account, input(body));
    return serializeFilter(filter, rules);
  }

  @Get(':id')
  @Scopes('read:filters')
  async show(@CurrentAccount() account: Account, @Param('id') id: string): Promise<FilterJson> {
    const { filter, ...rules } = await this.filters.ownedWithRules(account, id);
    return serializeFilter(filter, rules);
  }

  @Update(':id')
  @Scopes('write:filters')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterJson> {
    const { filter, ...rules } = await this.updateFilter.call(account, id, input(body));
    return serializeFilter(filter, rules);
  }

  @Delete(':id')
  @Scopes('write:filters')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.deleteFilter.call(account, id);
    return {};
  }
}
