import { Controller, Get, Param } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { AsyncRefreshStore } from '@nestodon/core';
import { Account, RecordNotFoundError } from '@nestodon/domain';

/** Mastodon's AsyncRefresh entity, under its root key. */
export interface AsyncRefreshJson {
  async_refresh: { id: string; status: 'running' | 'finished'; result_count: number | null };
}

/**
 * GET /api/v1_alpha/async_refreshes/:id (Mastodon 4.4): how background work the caller started
 * is going (the id comes in a Mastodon-Async-Refresh header); others' and unknown ones are 404.
 */
@Controller('api/v1_alpha/async_refreshes')
export class AsyncRefreshesController {
  constructor(private readonly refreshes: AsyncRefreshStore) {}

  @Get(':id')
  @Scopes('read')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<AsyncRefreshJson> {
    const refresh = await this.refreshes.find(id, account.id);
    if (!refresh) throw new RecordNotFoundError();
    return {
      async_refresh: { id: refresh.id, status: refresh.status, result_count: refresh.resultCount },
    };
  }
}
