import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, RelationshipListsRepository } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { TagJson, TagPresenter } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { relationPageLinks } from '../../../support/relation-page';

/** GET /api/v1/followed_tags: hashtags the viewer follows, paged by tag follow row id. */
@Controller('api/v1/followed_tags')
export class FollowedTagsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lists: RelationshipListsRepository,
    private readonly presenter: TagPresenter,
  ) {}

  @Get()
  @Scopes('read:follows')
  async index(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @CurrentAccount() viewer: Account,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TagJson[]> {
    const rows = await this.lists.followedTags(viewer.id, page);
    setPageLinks(req, res, this.config.instance.baseUrl, relationPageLinks(rows, page.limit));
    return this.presenter.presentMany(
      rows.map((row) => row.tag),
      viewer.id,
    );
  }
}
