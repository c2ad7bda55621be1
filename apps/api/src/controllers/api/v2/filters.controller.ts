import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { FetchFiltersService, FilterInput, SaveFilterService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
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
    private readonly filters: FetchFiltersService,
    private readonly saver: SaveFilterService,
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
    const { filter, ...rules } = await this.saver.create(account, input(body));
    return serializeFilter(filter, rules);
  }

  @Get(':id')
  @Scopes('read:filters')
  async show(@CurrentAccount() account: Account, @Param('id') id: string): Promise<FilterJson> {
    const { filter, ...rules } = await this.filters.ownedWithRules(account, id);
    return serializeFilter(filter, rules);
  }

  @Put(':id')
  @Scopes('write:filters')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterJson> {
    const { filter, ...rules } = await this.saver.update(account, id, input(body));
    return serializeFilter(filter, rules);
  }

  @Delete(':id')
  @Scopes('write:filters')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.saver.delete(account, id);
    return {};
  }
}
