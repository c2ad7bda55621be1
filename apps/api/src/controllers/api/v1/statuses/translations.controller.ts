import { Body, Controller, HttpCode, HttpException, Logger, Param, Post } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { TranslateStatusService, TranslationUnavailableError } from '@nestodon/core';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

class TranslateParams {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) =>
    value === '' || value === null ? undefined : value,
  )
  @IsString()
  @MaxLength(16)
  lang?: string;
}

/** Mastodon's Translation entity. */
export interface TranslationJson {
  content: string;
  spoiler_text: string;
  poll: { id: string; options: Array<{ title: string }> } | null;
  media_attachments: Array<{ id: string; description: string }>;
  detected_source_language: string | null;
  language: string;
  provider: string;
}

/**
 * POST /api/v1/statuses/:id/translate: the status machine-translated into `lang` (the user's
 * language by default) through the configured backend; 404 when translation is off, 403 for
 * what may not be translated, 503 when the backend fails.
 */
@Controller('api/v1/statuses/:id/translate')
export class StatusTranslationsController {
  private readonly logger = new Logger(StatusTranslationsController.name);

  constructor(private readonly translator: TranslateStatusService) {}

  @Post()
  @HttpCode(200)
  @Scopes('read:statuses')
  async create(
    @CurrentAuth() auth: AuthContext,
    @Param('id') id: string,
    @Body() body: TranslateParams,
  ): Promise<TranslationJson> {
    const user = auth.user!;
    const target = (body.lang ?? user.locale ?? 'en').trim().toLowerCase();
    try {
      const translation = await this.translator.call(user.account, id, target);
      return {
        content: translation.content,
        spoiler_text: translation.spoilerText,
        poll: translation.poll && {
          id: translation.poll.id,
          options: translation.poll.options.map((title) => ({ title })),
        },
        media_attachments: translation.mediaAttachments,
        detected_source_language: translation.detectedSourceLanguage,
        language: translation.language,
        provider: translation.provider,
      };
    } catch (error) {
      if (!(error instanceof TranslationUnavailableError)) throw error;
      this.logger.warn(`translation failed: ${error.message} ${error.detail ?? ''}`);
      throw new HttpException({ error: error.message }, 503);
    }
  }
}
