import { Controller, Get, Param } from '@nestjs/common';
import { AuthContext, CurrentAuth, ScopesIfToken } from '@nestodon/auth';
import { FetchStatusContextService } from '@nestodon/core';
import { StatusJson, StatusPresenter } from '@nestodon/serializers';
import { viewerOf } from './status-params';

/** GET /api/v1/statuses/:id/context: the thread around a status. */
@Controller('api/v1/statuses/:id/context')
export class StatusContextController {
  constructor(
    private readonly context: FetchStatusContextService,
    private readonly presenter: StatusPresenter,
  ) {}

  @Get()
  @ScopesIfToken('read:statuses')
  async show(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('id') id: string,
  ): Promise<{ ancestors: StatusJson[]; descendants: StatusJson[] }> {
    const viewer = viewerOf(auth);
    const { ancestors, descendants, live } = await this.context.call(id, viewer);
    const rendered = await this.presenter.presentMany([...ancestors, ...descendants], viewer, {
      filterContext: 'thread',
      live,
    });
    return {
      ancestors: rendered.slice(0, ancestors.length),
      descendants: rendered.slice(ancestors.length),
    };
  }
}
