import { Controller, Get, Param } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { FetchStatusHistoryService } from '@nestodon/core';
import { StatusEditJson, StatusEditPresenter } from '@nestodon/serializers';
import { viewerOf } from './status-params';

/** GET /api/v1/statuses/:id/history: every version, oldest first. */
@Controller('api/v1/statuses/:id/history')
export class StatusHistoryController {
  constructor(
    private readonly history: FetchStatusHistoryService,
    private readonly presenter: StatusEditPresenter,
  ) {}

  @Get()
  @ScopesIfToken('read:statuses')
  async show(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('id') id: string,
  ): Promise<StatusEditJson[]> {
    const { status, edits, pollOptions } = await this.history.call(id, viewerOf(auth));
    return this.presenter.presentHistory(status, edits, pollOptions);
  }
}
