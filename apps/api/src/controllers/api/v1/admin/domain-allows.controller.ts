import { Body, Controller, Delete, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  AllowDomainService,
  DisallowDomainService,
  DomainModerationQueries,
  Moderator,
} from '@nestodon/core';
import { Permission } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import { AdminDomainAllowJson, serializeAdminDomainAllow } from '@nestodon/serializers';
import { IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { AdminPost } from '../../../../support/admin-route';
import { CurrentModerator } from '../../../../support/current-moderator';
import { idPageLinks } from '../../../../support/relation-page';

class DomainAllowBody {
  @IsString()
  @MaxLength(253)
  domain: string;
}

/** /api/v1/admin/domain_allows: the allow list of limited federation (manage_federation). */
@Controller('api/v1/admin/domain_allows')
export class AdminDomainAllowsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: DomainModerationQueries,
    private readonly allower: AllowDomainService,
    private readonly disallower: DisallowDomainService,
  ) {}

  @Get()
  @Scopes('admin:read:domain_allows')
  @RequirePermission(Permission.ManageFederation)
  async index(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminDomainAllowJson[]> {
    const allows = await this.queries.allowPage(page);
    setPageLinks(req, res, this.config.instance.baseUrl, idPageLinks(allows, page.limit));
    return allows.map(serializeAdminDomainAllow);
  }

  @Get(':id')
  @Scopes('admin:read:domain_allows')
  @RequirePermission(Permission.ManageFederation)
  async show(@Param('id') id: string): Promise<AdminDomainAllowJson> {
    return serializeAdminDomainAllow(await this.queries.allowById(id));
  }

  @AdminPost('', 'admin:write:domain_allows', Permission.ManageFederation)
  async create(
    @CurrentModerator() moderator: Moderator,
    @Body() body: DomainAllowBody,
  ): Promise<AdminDomainAllowJson> {
    return serializeAdminDomainAllow(await this.allower.call(moderator, body.domain));
  }

  @Delete(':id')
  @Scopes('admin:write:domain_allows')
  @RequirePermission(Permission.ManageFederation)
  async destroy(
    @CurrentModerator() moderator: Moderator,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.disallower.call(moderator, id);
    return {};
  }
}
