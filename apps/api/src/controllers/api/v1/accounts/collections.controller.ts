import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { AuthContext, CurrentAccount, CurrentAuth, Scopes, ScopesIfToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { CollectionQueries, CollectionsList } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { CollectionJson, serializeCollection } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { offsetPage } from '../collections/collection-params';
import { viewerOf } from '../statuses/status-params';

/**
 * GET /api/v1/accounts/:account_id/collections (the account's collections, discoverable ones
 * for others) and /in_collections (those featuring the account), newest first, paged by
 * `offset` with Link headers, answering `{ collections }` as Mastodon does.
 */
@Controller('api/v1/accounts/:account_id')
export class AccountCollectionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: CollectionQueries,
  ) {}

  @Get('collections')
  @ScopesIfToken('read:collections')
  async index(
    @CurrentAuth() auth: AuthContext | undefined,
    @Param('account_id') accountId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ collections: CollectionJson[] }> {
    const page = offsetPage(query);
    const list = await this.queries.ofAccount(accountId, viewerOf(auth), page);
    return this.respond(list, page, req, res);
  }

  @Get('in_collections')
  @Scopes('read:collections')
  async featuring(
    @CurrentAccount() viewer: Account,
    @Param('account_id') accountId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ collections: CollectionJson[] }> {
    const page = offsetPage(query);
    const list = await this.queries.featuring(accountId, viewer, page);
    return this.respond(list, page, req, res);
  }

  private respond(
    list: CollectionsList,
    page: { offset: number; limit: number },
    req: Request,
    res: Response,
  ): { collections: CollectionJson[] } {
    const link = (offset: number, rel: string) => {
      const url = new URL(req.path, this.config.instance.baseUrl);
      url.searchParams.set('limit', String(page.limit));
      url.searchParams.set('offset', String(offset));
      return `<${url.toString()}>; rel="${rel}"`;
    };
    const links: string[] = [];
    if (list.more) links.push(link(page.offset + page.limit, 'next'));
    if (page.offset > 0) links.push(link(Math.max(page.offset - page.limit, 0), 'prev'));
    if (links.length > 0) res.setHeader('Link', links.join(', '));
    return { collections: list.views.map((view) => serializeCollection(view, this.config)) };
  }
}
