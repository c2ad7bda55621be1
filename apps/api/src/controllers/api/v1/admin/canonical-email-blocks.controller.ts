import { Body, Controller, Delete, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { RequirePermission, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  AccessBlockQueries,
  BlockCanonicalEmailService,
  Moderator,
  RemoveAccessBlockService,
} from '@nestodon/core';
import { Permission } from '@nestodon/domain';
import { Page, PageParams, setPageLinks } from '@nestodon/http';
import {
  AdminCanonicalEmailBlockJson,
  serializeAdminCanonicalEmailBlock,
} from '@nestodon/serializers';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { AdminPost } from '../../../../support/admin-route';
import { CurrentModerator } from '../../../../support/current-moderator';
import { idPageLinks } from '../../../../support/relation-page';

class CanonicalEmailBlockBody {
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @IsOptional()
  @IsString()
  canonical_email_hash?: string;
}

class CanonicalEmailTestBody {
  @IsString()
  @MaxLength(320)
  email: string;
}

/**
 * /api/v1/admin/canonical_email_blocks: addresses refused at sign-up in every spelling
 * (manage_blocks); `test` lists the blocks an address matches.
 */
@Controller('api/v1/admin/canonical_email_blocks')
export class AdminCanonicalEmailBlocksController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queries: AccessBlockQueries,
    private readonly blocker: BlockCanonicalEmailService,
    private readonly remover: RemoveAccessBlockService,
  ) {}

  @Get()
  @Scopes('admin:read:canonical_email_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async index(
    @Page({ defaultLimit: 100 }) page: PageParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminCanonicalEmailBlockJson[]> {
    const blocks = await this.queries.canonicalEmailBlockPage(page);
    setPageLinks(req, res, this.config.instance.baseUrl, idPageLinks(blocks, page.limit));
    return blocks.map(serializeAdminCanonicalEmailBlock);
  }

  @AdminPost('test', 'admin:read:canonical_email_blocks', Permission.ManageBlocks)
  async test(@Body() body: CanonicalEmailTestBody): Promise<AdminCanonicalEmailBlockJson[]> {
    return (await this.queries.canonicalBlocksMatching(body.email)).map(
      serializeAdminCanonicalEmailBlock,
    );
  }

  @Get(':id')
  @Scopes('admin:read:canonical_email_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async show(@Param('id') id: string): Promise<AdminCanonicalEmailBlockJson> {
    return serializeAdminCanonicalEmailBlock(await this.queries.canonicalEmailBlock(id));
  }

  @AdminPost('', 'admin:write:canonical_email_blocks', Permission.ManageBlocks)
  async create(
    @CurrentModerator() moderator: Moderator,
    @Body() body: CanonicalEmailBlockBody,
  ): Promise<AdminCanonicalEmailBlockJson> {
    return serializeAdminCanonicalEmailBlock(
      await this.blocker.call(moderator, {
        email: body.email,
        canonicalEmailHash: body.canonical_email_hash,
      }),
    );
  }

  @Delete(':id')
  @Scopes('admin:write:canonical_email_blocks')
  @RequirePermission(Permission.ManageBlocks)
  async destroy(@CurrentModerator() moderator: Moderator, @Param('id') id: string) {
    await this.remover.call(moderator, 'CanonicalEmailBlock', id);
    return {};
  }
}
