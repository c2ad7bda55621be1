import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { TrendsQueries } from '@nestodon/core';
import {
  PreviewCardJson,
  serializePreviewCard,
  StatusJson,
  StatusPresenter,
  TagJson,
  TagPresenter,
} from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { OffsetParams, offsetLimit } from '../offset-params';

type TrendingLinkJson = PreviewCardJson & {
  history: Array<{ day: string; uses: string; accounts: string }>;
};

/**
 * GET /api/v1/trends/tags, /statuses and /links: what RefreshTrendsService ranked (empty when
 * the `trends` setting is off; staff-allowed items only unless `trendable_by_default`). Public,
 * offset-paged with Link headers, as Mastodon.
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
    const { offset, limit } = this.paging(query, 10);
    const tags = await this.trends.tags(offset, limit);
    this.links(req, res, offset, limit, tags.length);
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
    const { offset, limit } = this.paging(query, 20);
    const viewer = auth?.user?.account ?? null;
    const statuses = await this.trends.statuses(viewer, offset, limit);
    this.links(req, res, offset, limit, statuses.length);
    return this.statusPresenter.presentMany(statuses, viewer);
  }

  @Get('links')
  @Public()
  async linksIndex(
    @Query() query: OffsetParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TrendingLinkJson[]> {
    const { offset, limit } = this.paging(query, 10);
    const links = await this.trends.links(offset, limit);
    this.links(req, res, offset, limit, links.length);
    return links.map(({ card, history }) => ({
      ...serializePreviewCard(card, this.config),
      history,
    }));
  }

  private paging(query: OffsetParams, defaultLimit: number) {
    return { offset: query.offset ?? 0, limit: offsetLimit(query.limit, defaultLimit) };
  }

  /** Offset-paged Link header: next when the page is full, prev after the first page. */
  private links(req: Request, res: Response, offset: number, limit: number, count: number) {
    const link = (at: number, rel: string) => {
      const url = new URL(req.path, this.config.instance.baseUrl);
      url.searchParams.set('offset', String(at));
      url.searchParams.set('limit', String(limit));
      return `<${url.href}>; rel="${rel}"`;
    };
    const parts = [];
    if (count >= limit) parts.push(link(offset + limit, 'next'));
    if (offset > 0) parts.push(link(Math.max(0, offset - limit), 'prev'));
    if (parts.length > 0) res.setHeader('Link', parts.join(', '));
  }
}
