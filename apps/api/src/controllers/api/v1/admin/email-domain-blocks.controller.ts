import { Body, Controller, Delete, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  AccessBlockQueries,
  BlockEmailDomainService,
  Moderator,
  RemoveAccessBlockService,
} from '@nestodon/core';
import { Permission } from '@nestodon/domain';
import { Page, PageParams, setPageLinks, ToBoolean } from '@nestodon/http';
import { AdminEmailDomainBlockJson, serializeAdminEmailDomainBlock } from '@nestodon/serializers';
import { IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { AdminPost } from '../../../../support/admin-route';
import { CurrentModerator } from '../../../../support/current-moderator';
import { idPageLinks } from '../../../../support/relation-page';

class EmailDomainBlockBody {
  @IsString()
  @MaxLength(253)
  domain: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  allow_with_approval?: boolean;
}

/** /api/v1/admin/email_domain_blocks: e-mail domains refused at sign-up (manage_blocks). */
@Controller('api/v1/admin/email_domain_blocks')
export class AdminEmailDomainBlocksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: AccessBlockQueries,
    private readonly blocker: BlockEmailDomainService,
    private readonly remover: RemoveAccessBlockService,
  ) {}

  @Get()
  @Scopes('admin:read:email_domain_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async index(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminEmailDomainBlockJson[]> {
    const blocks = await this.queries.emailDomainBlockPage(page);
    setPageLinks(req, res, this.config.instance.baseUrl, idPageLinks(blocks, page.limit));
    return blocks.map(serializeAdminEmailDomainBlock);
  }

  @Get(':id')
  @Scopes('admin:read:email_domain_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async show(@Param('id') id: string): Promise<AdminEmailDomainBlockJson> {
    return serializeAdminEmailDomainBlock(await this.queries.emailDomainBlock(id));
  }

  @AdminPost('', 'admin:write:email_domain_blocks', Permission.ManageBlocks)
  async create(
    @CurrentModerator() moderator: Moderator,
    @Body() body: EmailDomainBlockBody,
  ): Promise<AdminEmailDomainBlockJson> {
    return serializeAdminEmailDomainBlock(
      await this.blocker.call(moderator, body.domain, body.allow_with_approval ?? false),
    );
  }

  @Delete(':id')
  @Scopes('admin:write:email_domain_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async destroy(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    await this.remover.call(moderator, 'EmailDomainBlock', id);
    return {};
  }
}
