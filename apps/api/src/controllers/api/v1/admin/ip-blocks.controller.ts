import { Body, Controller, Delete, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  AccessBlockQueries,
  BlockIpService,
  IpBlockInput,
  Moderator,
  RemoveAccessBlockService,
  UpdateIpBlockService,
} from '@nestodon/core';
import { IP_BLOCK_SEVERITIES, IpBlockSeverity, Permission } from '@nestodon/domain';
import { Page, PageParams, setPageLinks, ToInteger, Update } from '@nestodon/http';
import { AdminIpBlockJson, serializeAdminIpBlock } from '@nestodon/serializers';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import type { Request, Response } from 'express';
import { AdminPost } from '../../../../support/admin-route';
import { CurrentModerator } from '../../../../support/current-moderator';
import { idPageLinks } from '../../../../support/relation-page';

class IpBlockBody {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  ip?: string;

  @IsOptional()
  @IsIn(IP_BLOCK_SEVERITIES)
  severity?: IpBlockSeverity;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  comment?: string;

  /** Seconds until the block lapses. */
  @IsOptional()
  @ToInteger()
  @IsInt()
  @Min(1)
  @Max(10 * 365 * 24 * 3600)
  expires_in?: number;
}

const input = (body: IpBlockBody): IpBlockInput => ({
  ip: body.ip,
  severity: body.severity,
  comment: body.comment,
  expiresIn: body.expires_in,
});

/** /api/v1/admin/ip_blocks: addresses and ranges refused sign-up or access (manage_blocks). */
@Controller('api/v1/admin/ip_blocks')
export class AdminIpBlocksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: AccessBlockQueries,
    private readonly blocker: BlockIpService,
    private readonly updater: UpdateIpBlockService,
    private readonly remover: RemoveAccessBlockService,
  ) {}

  @Get()
  @Scopes('admin:read:ip_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async index(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminIpBlockJson[]> {
    const blocks = await this.queries.ipBlockPage(page);
    setPageLinks(req, res, this.config.instance.baseUrl, idPageLinks(blocks, page.limit));
    return blocks.map(serializeAdminIpBlock);
  }

  @Get(':id')
  @Scopes('admin:read:ip_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async show(@Param('id') id: string): Promise<AdminIpBlockJson> {
    return serializeAdminIpBlock(await this.queries.ipBlock(id));
  }

  @AdminPost('', 'admin:write:ip_blocks', Permission.ManageBlocks)
  async create(
    @CurrentModerator() moderator: Moderator,
    @Body() body: IpBlockBody,
  ): Promise<AdminIpBlockJson> {
    return serializeAdminIpBlock(await this.blocker.call(moderator, input(body)));
  }

  @Update(':id')
  @Scopes('admin:write:ip_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async update(
    @CurrentModerator() moderator: Moderator,
    @Param('id') id: string,
    @Body() body: IpBlockBody,
  ): Promise<AdminIpBlockJson> {
    return serializeAdminIpBlock(await this.updater.call(moderator, id, input(body)));
  }

  @Delete(':id')
  @Scopes('admin:write:ip_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async destroy(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    await this.remover.call(moderator, 'IpBlock', id);
    return {};
  }
}
