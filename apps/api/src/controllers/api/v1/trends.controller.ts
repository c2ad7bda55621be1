import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { TrendsQueries } from '@nestodon/core';
import {
  serializeTrendingLink,
  StatusJson,
  StatusPresenter,
  TagJson,
  TagPresenter,
  TrendingLinkJson,
} from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { readerLanguages } from '../../../support/reader-languages';
import { OffsetParams, offsetLimit, setOffsetPageLinks } from '../offset-params';

/**
 * GET /api/v1/trends/tags, /statuses and /links: what RefreshTrendsService ranked (empty when
 * the `trends` setting is off; staff-allowed items only unless `trendable_by_default`), those
 * in the reader's languages first. Public, offset-paged with Link headers, as Mastodon.
 */
@Controller('api/v1/trends')
export class TrendsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly trends: TrendsQueries,
    private readonly tagPresenter: TagPresenter,
    private readonly statusPresenter: StatusPresenter,
  ) {}

  @Get('tags')
  @Public()
  async tags(
    @Query() query: OffsetParams,
    @CurrentAuth() auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TagJson[]> {
    const page = this.paging(query, 10);
    const tags = await this.trends.tags(this.audience(auth, req), page.offset, page.limit);
    setOffsetPageLinks(req, res, this.config.instance.baseUrl, page, tags.length);
    return this.tagPresenter.presentMany(tags, auth?.user?.accountId ?? null);
  }

  @Get('statuses')
  @Public()
  async statuses(
    @Query() query: OffsetParams,
    @CurrentAuth() auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StatusJson[]> {
    const page = this.paging(query, 20);
    const viewer = auth?.user?.account ?? null;
    const statuses = await this.trends.statuses(
      this.audience(auth, req),
      viewer,
      page.offset,
      page.limit,
    );
    setOffsetPageLinks(req, res, this.config.instance.baseUrl, page, statuses.length);
    return this.statusPresenter.presentMany(statuses, viewer);
  }

  @Get('links')
  @Public()
  async linksIndex(
    @Query() query: OffsetParams,
    @CurrentAuth() auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TrendingLinkJson[]> {
    const page = this.paging(query, 10);
    const links = await this.trends.links(this.audience(auth, req), page.offset, page.limit);
    setOffsetPageLinks(req, res, this.config.instance.baseUrl, page, links.length);
    return links.map(({ card, history }) => serializeTrendingLink(card, history, this.config));
  }

  private audience(auth: AuthContext | undefined, req: Request) {
    return { languages: readerLanguages(auth, req) };
  }

  private paging(query: OffsetParams, defaultLimit: number) {
    return { offset: query.offset ?? 0, limit: offsetLimit(query.limit, defaultLimit) };
  }
}
