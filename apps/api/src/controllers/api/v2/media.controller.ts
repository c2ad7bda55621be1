import { Body, Controller, Inject, Post, Req, Res } from '@nestjs/common';
import { CurrentAccount, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { UploadMediaService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { AcceptsUploads, RateLimit } from '@nestodon/http';
import { MediaAttachmentJson, serializeMediaAttachment } from '@nestodon/serializers';
import type { Request, Response } from 'express';
import {
  MEDIA_RATE_LIMIT,
  MediaParams,
  processedStatus,
  uploadedFile,
} from '../v1/media/media-params';

/**
 * POST /api/v2/media: 200 with the attachment when it was processed within the request (small
 * still images), 202 with `url: null` while the worker processes it (poll GET
 * /api/v1/media/:id).
 */
@Controller('api/v2/media')
export class MediaV2Controller {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly uploads: UploadMediaService,
  ) {}

  @Post()
  @AcceptsUploads()
  @Scopes('write:media')
  @RateLimit(MEDIA_RATE_LIMIT)
  async create(
    @CurrentAccount() account: Account,
    @Body() body: MediaParams,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MediaAttachmentJson> {
    const media = await this.uploads.call(
      account,
      {
        file: uploadedFile(req, 'file'),
        thumbnail: uploadedFile(req, 'thumbnail'),
        description: body.description,
        focus: body.focus,
      },
      { synchronous: false },
    );
    res.status(processedStatus(media, 202));
    return serializeMediaAttachment(media, this.config);
  }
}
