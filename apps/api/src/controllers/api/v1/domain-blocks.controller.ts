import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { BlockDomainService, UnblockDomainService } from '@nestodon/core';
import { Account, RelationshipListsRepository, ValidationError } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import type { Request, Response } from 'express';
import { relationPageLinks } from '../../../support/relation-page';

/** The `domain` parameter, from the body or the query string as Rails merges them. */
function domainParam(body: unknown, query: unknown): string {
  const fromBody = (body as { domain?: unknown } | undefined)?.domain;
  const value = fromBody ?? (query as { domain?: unknown } | undefined)?.domain;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError("Validation failed: Domain can't be blank", {
      domain: [{ error: 'ERR_BLANK', description: "can't be blank" }],
    });
  }
  if (value.length > 253) throw new ValidationError('Validation failed: Domain is invalid');
  return value;
}

/**
 * User-level domain blocks: GET /api/v1/domain_blocks (domains as strings, paged by row id),
 * POST and DELETE with `domain` (both answer `{}`).
 */
@Controller('api/v1/domain_blocks')
export class DomainBlocksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lists: RelationshipListsRepository,
    private readonly blocker: BlockDomainService,
    private readonly unblocker: UnblockDomainService,
  ) {}

  @Get()
  @Scopes('read:blocks')
  async index(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @CurrentAccount() viewer: Account,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string[]> {
    const rows = await this.lists.domainBlocks(viewer.id, page);
    setPageLinks(req, res, this.config.instance.baseUrl, relationPageLinks(rows, page.limit));
    return rows.map((row) => row.domain);
  }

  @Post()
  @HttpCode(200)
  @Scopes('write:blocks')
  async create(
    @Body() body: unknown,
    @Query() query: unknown,
    @CurrentAccount() viewer: Account,
  ): Promise<Record<string, never>> {
    await this.blocker.call(viewer, domainParam(body, query));
    return {};
  }

  @Delete()
  @Scopes('write:blocks')
  async destroy(
    @Body() body: unknown,
    @Query() query: unknown,
    @CurrentAccount() viewer: Account,
  ): Promise<Record<string, never>> {
    await this.unblocker.call(viewer, domainParam(body, query));
    return {};
  }
}
