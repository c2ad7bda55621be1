import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  DeleteMediaService,
  MediaQueries,
  UpdateMediaService,
  UploadMediaService,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { AcceptsUploads, RateLimit, Update } from '@nestodon/http';
import { MediaAttachmentJson, serializeMediaAttachment } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import { MEDIA_RATE_LIMIT, MediaParams, processedStatus, uploadedFile } from './media/media-params';

/**
 * /api/v1/media: the legacy upload, processed within the request whatever the file; reading,
 * updating and deleting one's own uploads (others' are 404).
 */
@Controller('api/v1/media')
export class MediaController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadMediaService,
    private readonly queries: MediaQueries,
    private readonly updating: UpdateMediaService,
    private readonly deleting: DeleteMediaService,
  ) {}

  @Post()
  @HttpCode(200)
  @AcceptsUploads()
  @Scopes('write:media')
  @RateLimit(MEDIA_RATE_LIMIT)
  async create(
    @CurrentAccount() account: Account,
    @Body() body: MediaParams,
    @Req() req: Request,
  ): Promise<MediaAttachmentJson> {
    const media = await this.uploads.call(
      account,
      {
        file: uploadedFile(req, 'file'),
        thumbnail: uploadedFile(req, 'thumbnail'),
        description: body.description,
        focus: body.focus,
      },
      { synchronous: true },
    );
    return serializeMediaAttachment(media, this.config);
  }

  /** 206 while the worker processes the upload, 200 when it is ready. */
  @Get(':id')
  @Scopes('write:media')
  async show(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MediaAttachmentJson> {
    const media = await this.queries.findEditable(account, id);
    res.status(processedStatus(media, 206));
    return serializeMediaAttachment(media, this.config);
  }

  /** Description, focus and preview image, until a status is posted with the upload. */
  @Update(':id')
  @AcceptsUploads()
  @Scopes('write:media')
  async update(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
    @Body() body: MediaParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MediaAttachmentJson> {
    const media = await this.updating.call(account, id, {
      description: body.description,
      focus: body.focus,
      thumbnail: uploadedFile(req, 'thumbnail'),
    });
    res.status(processedStatus(media, 206));
    return serializeMediaAttachment(media, this.config);
  }

  /** Deletes an upload no status uses (422 otherwise). */
  @Delete(':id')
  @Scopes('write:media')
  async destroy(
    @CurrentAccount() account: Account,
    @Param('id') id: string,
  ): Promise<Record<string, never>> {
    await this.deleting.call(account, id);
    return {};
  }
}
