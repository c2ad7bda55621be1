import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAuth, RequirePermission, Scopes, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  ReviewTrendService,
  SettingsQueries,
  TrendAudience,
  TrendReviewQueries,
  TrendsQueries,
} from '@nestodon/core';
import { hasPermission, Permission } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import {
  AdminPreviewCardProviderJson,
  AdminTagJson,
  AdminTrendingLinkJson,
  AdminTrendingStatusJson,
  serializeAdminPreviewCardProvider,
  serializeTrendingLink,
  StatusJson,
  StatusPresenter,
  TagJson,
  TagPresenter,
  TrendingLinkJson,
} from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { AdminPost } from '../../../../support/admin-route';
import { presentAdminTags } from '../../../../support/admin-tags';
import { readerLanguages } from '../../../../support/reader-languages';
import { idPageLinks } from '../../../../support/relation-page';
import { OffsetParams, offsetLimit, setOffsetPageLinks } from '../../offset-params';

const REVIEW = Permission.ManageTaxonomies;

/**
 * /api/v1/admin/trends: staff review of trending tags, links, link publishers and statuses
 * (manage_taxonomies). As in Mastodon, the lists answer anyone: staff get every trending item,
 * rejected ones too, with `requires_review`, whatever the trends settings; other callers get
 * the public trends. A token must still carry `admin:read`.
 */
@Controller('api/v1/admin/trends')
export class AdminTrendsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly trends: TrendsQueries,
    private readonly queries: TrendReviewQueries,
    private readonly reviewer: ReviewTrendService,
    private readonly tagPresenter: TagPresenter,
    private readonly statusPresenter: StatusPresenter,
    private readonly settings: SettingsQueries,
  ) {}

  @Get('tags')
  @ScopesIfToken('admin:read')
  async tags(
    @Query() query: OffsetParams,
    @CurrentAuth() auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminTagJson[] | TagJson[]> {
    const page = this.paging(query, 10);
    const audience = this.audience(auth, req);
    const tags = await this.trends.tags(audience, page.offset, page.limit);
    setOffsetPageLinks(req, res, this.config.instance.baseUrl, page, tags.length);
    if (audience === 'staff')
      return presentAdminTags(tags, auth!, this.tagPresenter, this.settings);
    return this.tagPresenter.presentMany(tags, auth?.user?.accountId ?? null);
  }

  @AdminPost('tags/:id/approve', 'admin:write', REVIEW)
  async approveTag(@Param('id') id: string, @CurrentAuth() auth: AuthContext) {
    return this.reviewedTag(id, true, auth);
  }

  @AdminPost('tags/:id/reject', 'admin:write', REVIEW)
  async rejectTag(@Param('id') id: string, @CurrentAuth() auth: AuthContext) {
    return this.reviewedTag(id, false, auth);
  }

  @Get('links')
  @ScopesIfToken('admin:read')
  async links(
    @Query() query: OffsetParams,
    @CurrentAuth() auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminTrendingLinkJson[] | TrendingLinkJson[]> {
    const page = this.paging(query, 10);
    const audience = this.audience(auth, req);
    const links = await this.trends.links(audience, page.offset, page.limit);
    setOffsetPageLinks(req, res, this.config.instance.baseUrl, page, links.length);
    const json = links.map(({ card, history }) =>
      serializeTrendingLink(card, history, this.config),
    );
    if (audience !== 'staff') return json;
    const pending = await this.queries.linksRequiringReview(links.map(({ card }) => card));
    return links.map(({ card }, i) => ({
      ...json[i],
      id: String(card.id),
      requires_review: pending.has(String(card.id)),
    }));
  }

  @Get('links/publishers')
  @Scopes('admin:read')
  @RequirePermission(REVIEW)
  async publishers(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminPreviewCardProviderJson[]> {
    const providers = await this.queries.providerPage(page);
    setPageLinks(req, res, this.config.instance.baseUrl, idPageLinks(providers, page.limit));
    return providers.map(serializeAdminPreviewCardProvider);
  }

  @AdminPost('links/publishers/:id/approve', 'admin:write', REVIEW)
  async approvePublisher(@Param('id') id: string): Promise<AdminPreviewCardProviderJson> {
    return serializeAdminPreviewCardProvider(await this.reviewer.call('publisher', id, true));
  }

  @AdminPost('links/publishers/:id/reject', 'admin:write', REVIEW)
  async rejectPublisher(@Param('id') id: string): Promise<AdminPreviewCardProviderJson> {
    return serializeAdminPreviewCardProvider(await this.reviewer.call('publisher', id, false));
  }

  @AdminPost('links/:id/approve', 'admin:write', REVIEW)
  async approveLink(@Param('id') id: string): Promise<AdminTrendingLinkJson> {
    return this.reviewedLink(id, true);
  }

  @AdminPost('links/:id/reject', 'admin:write', REVIEW)
  async rejectLink(@Param('id') id: string): Promise<AdminTrendingLinkJson> {
    return this.reviewedLink(id, false);
  }

  @Get('statuses')
  @ScopesIfToken('admin:read')
  async statuses(
    @Query() query: OffsetParams,
    @CurrentAuth() auth: AuthContext | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminTrendingStatusJson[] | StatusJson[]> {
    const page = this.paging(query, 20);
    const audience = this.audience(auth, req);
    const viewer = auth?.user?.account ?? null;
    const statuses = await this.trends.statuses(audience, viewer, page.offset, page.limit);
    setOffsetPageLinks(req, res, this.config.instance.baseUrl, page, statuses.length);
    const json = await this.statusPresenter.presentMany(statuses, viewer);
    if (audience !== 'staff') return json;
    const pending = await this.queries.statusesRequiringReview(json.map((status) => status.id));
    return json.map((status) => ({ ...status, requires_review: pending.has(status.id) }));
  }

  @AdminPost('statuses/:id/approve', 'admin:write', REVIEW)
  async approveStatus(@Param('id') id: string, @CurrentAuth() auth: AuthContext) {
    return this.reviewedStatus(id, true, auth);
  }

  @AdminPost('statuses/:id/reject', 'admin:write', REVIEW)
  async rejectStatus(@Param('id') id: string, @CurrentAuth() auth: AuthContext) {
    return this.reviewedStatus(id, false, auth);
  }

  /** Staff who review trends see them all; anyone else sees what readers see. */
  private audience(auth: AuthContext | undefined, req: Request): TrendAudience {
    if (auth?.user && hasPermission(auth.user.role?.permissions ?? '0', REVIEW)) return 'staff';
    return { languages: readerLanguages(auth, req) };
  }

  private paging(query: OffsetParams, defaultLimit: number) {
    return { offset: query.offset ?? 0, limit: offsetLimit(query.limit, defaultLimit) };
  }

  private async reviewedTag(id: string, trendable: boolean, auth: AuthContext) {
    const tag = await this.reviewer.call('tag', id, trendable);
    const [json] = await presentAdminTags([tag], auth, this.tagPresenter, this.settings);
    return json;
  }

  private async reviewedLink(id: string, trendable: boolean): Promise<AdminTrendingLinkJson> {
    const card = await this.reviewer.call('link', id, trendable);
    const [link] = await this.trends.linksWithHistory([card]);
    const pending = await this.queries.linksRequiringReview([card]);
    return {
      ...serializeTrendingLink(card, link.history, this.config),
      id: String(card.id),
      requires_review: pending.has(String(card.id)),
    };
  }

  private async reviewedStatus(
    id: string,
    trendable: boolean,
    auth: AuthContext,
  ): Promise<AdminTrendingStatusJson> {
    const status = await this.queries.status(id);
    await this.reviewer.call('status', id, trendable);
    const json = await this.statusPresenter.present(status, auth.user!.account);
    return { ...json, requires_review: false };
  }
}
