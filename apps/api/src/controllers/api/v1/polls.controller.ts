import { Controller, Get, Param } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { PollQueries, RefreshStalePollService } from '@nestodon/core';
import { PollJson, StatusPresenter } from '@nestodon/serializers';
import { viewerOf } from './statuses/status-params';

/** GET /api/v1/polls/:id */
@Controller('api/v1/polls/:id')
export class PollsController {
  constructor(
    private readonly polls: PollQueries,
    private readonly refresh: RefreshStalePollService,
    private readonly presenter: StatusPresenter,
  ) {}

  /**
   * A poll of a status the caller can see (a token is needed unless the status is public); a
   * remote one read by a signed-in caller is fetched again in the background when stale.
   */
  @Get()
  @ScopesIfToken('read:statuses')
  async show(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('id') id: string,
  ): Promise<PollJson> {
    const viewer = viewerOf(auth);
    const { poll, status } = await this.polls.findVisible(id, viewer);
    await this.refresh.call(poll, status, viewer);
    return this.presenter.presentPoll(poll, status, viewer);
  }
}
