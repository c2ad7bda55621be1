import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { AddFilterStatusService, FilterQueries, RemoveFilterStatusService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { FilterStatusJson, serializeFilterStatus } from '@nestodon/serializers';

/** /api/v2/filters/statuses/:id: one filtered status. Register before FilterStatusesController. */
@Controller('api/v2/filters/statuses')
export class FilterStatusController {
  constructor(
    private readonly filters: FilterQueries,
    private readonly removeStatus: RemoveFilterStatusService,
  ) {}

  @Get(':id')
  @Scopes('read:filters')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<FilterStatusJson> {
    return serializeFilterStatus((await this.filters.filterStatus(account, id)).status);
  }

  @Delete(':id')
  @Scopes('write:filters')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.removeStatus.call(account, id);
    return {};
  }
}

/** /api/v2/filters/:filter_id/statuses: the statuses a filter matches by id. */
@Controller('api/v2/filters/:filter_id/statuses')
export class FilterStatusesController {
  constructor(
    private readonly filters: FilterQueries,
    private readonly addStatus: AddFilterStatusService,
  ) {}

  @Get()
  @Scopes('read:filters')
  async index(
    @CurrentAccount() account: Account,
    @Param('filter_id') filterId: string,
  ): Promise<FilterStatusJson[]> {
    const { statuses } = await this.filters.ownedWithRules(account, filterId);
    return statuses.map(serializeFilterStatus);
  }

  @Post()
  @HttpCode(200)
  @Scopes('write:filters')
  async create(
    @CurrentAccount() account: Account,
    @Param('filter_id') filterId: string,
    @Body() body: Record<string, unknown>,
  ): Promise<FilterStatusJson> {
    return serializeFilterStatus(await this.addStatus.call(account, filterId, body.status_id));
  }
}
