import {
  Body,
  Controller,
  Delete,
  Get,
  HttpException,
  Inject,
  Param,
  Req,
  Res,
} from '@nestjs/common';
import { RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  BlockInstanceDomainService,
  DomainModerationQueries,
  ExistingDomainBlockError,
  Moderator,
  UnblockInstanceDomainService,
  UpdateInstanceDomainBlockService,
} from '@nestodon/core';
import {
  DOMAIN_BLOCK_SEVERITIES,
  DomainBlock,
  DomainBlockSeverity,
  DomainBlockValues,
  Permission,
} from '@nestodon/domain';
import { Page, PageParams, setPageLinks, ToBoolean, Update } from '@nestodon/http';
import { AdminDomainBlockJson, serializeAdminDomainBlock } from '@nestodon/serializers';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { AdminPost } from '../../../../support/admin-route';
import { CurrentModerator } from '../../../../support/current-moderator';
import { idPageLinks } from '../../../../support/relation-page';

class DomainBlockBody {
  @IsOptional()
  @IsIn(DOMAIN_BLOCK_SEVERITIES)
  severity?: DomainBlockSeverity;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  reject_media?: boolean;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  reject_reports?: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  private_comment?: string;

  @IsOptional()
  @IsString()
  @MaxLength(1000)
  public_comment?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  obfuscate?: boolean;
}

class NewDomainBlockBody extends DomainBlockBody {
  @IsString()
  @MaxLength(253)
  domain: string;
}

/** The body over the current values (Mastodon's defaults for a new block). */
function blockValues(body: DomainBlockBody, current?: DomainBlock): DomainBlockValues {
  return {
    severity: body.severity ?? current?.severity ?? 'silence',
    rejectMedia: body.reject_media ?? current?.rejectMedia ?? false,
    rejectReports: body.reject_reports ?? current?.rejectReports ?? false,
    privateComment: body.private_comment ?? current?.privateComment ?? null,
    publicComment: body.public_comment ?? current?.publicComment ?? null,
    obfuscate: body.obfuscate ?? current?.obfuscate ?? false,
  };
}

/** /api/v1/admin/domain_blocks: servers blocked for the whole instance (manage_federation). */
@Controller('api/v1/admin/domain_blocks')
export class AdminDomainBlocksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: DomainModerationQueries,
    private readonly blocker: BlockInstanceDomainService,
    private readonly updater: UpdateInstanceDomainBlockService,
    private readonly unblocker: UnblockInstanceDomainService,
  ) {}

  @Get()
  @Scopes('admin:read:domain_blocks')
  @RequirePermission(Permission.ManageFederation)
  async index(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminDomainBlockJson[]> {
    const blocks = await this.queries.blockPage(page);
    setPageLinks(req, res, this.config.instance.baseUrl, idPageLinks(blocks, page.limit));
    return blocks.map(serializeAdminDomainBlock);
  }

  @Get(':id')
  @Scopes('admin:read:domain_blocks')
  @RequirePermission(Permission.ManageFederation)
  async show(@Param('id') id: string): Promise<AdminDomainBlockJson> {
    return serializeAdminDomainBlock(await this.queries.blockById(id));
  }

  /** 422 with `existing_domain_block` when a block already covers the domain as strictly. */
  @AdminPost('', 'admin:write:domain_blocks', Permission.ManageFederation)
  async create(
    @CurrentModerator() moderator: Moderator,
    @Body() body: NewDomainBlockBody,
  ): Promise<AdminDomainBlockJson> {
    try {
      return serializeAdminDomainBlock(
        await this.blocker.call(moderator, body.domain, blockValues(body)),
      );
    } catch (error) {
      if (!(error instanceof ExistingDomainBlockError)) throw error;
      throw new HttpException(
        { error: error.message, existing_domain_block: serializeAdminDomainBlock(error.existing) },
        422,
      );
    }
  }

  @Update(':id')
  @Scopes('admin:write:domain_blocks')
  @RequirePermission(Permission.ManageFederation)
  async update(
    @CurrentModerator() moderator: Moderator,
    @Param('id') id: string,
    @Body() body: DomainBlockBody,
  ): Promise<AdminDomainBlockJson> {
    const current = await this.queries.blockById(id);
    return serializeAdminDomainBlock(
      await this.updater.call(moderator, current.id, blockValues(body, current)),
    );
  }

  @Delete(':id')
  @Scopes('admin:write:domain_blocks')
  @RequirePermission(Permission.ManageFederation)
  async destroy(
    @CurrentModerator() moderator: Moderator,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.unblocker.call(moderator, id);
    return {};
  }
}
