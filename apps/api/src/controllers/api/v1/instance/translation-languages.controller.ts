import { Controller, Get, HttpException, Logger } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { TranslationLanguagesQueries, TranslationUnavailableError } from '@nestodon/core';

/**
 * GET /api/v1/instance/translation_languages: which source languages translate into which
 * (`und`: any, detected), `{}` when translation is off.
 */
@Controller('api/v1/instance/translation_languages')
export class InstanceTranslationLanguagesController {
  private readonly logger = new Logger(InstanceTranslationLanguagesController.name);

  constructor(private readonly languages: TranslationLanguagesQueries) {}

  @Get()
  @Public()
  async show(): Promise<Record<string, string[]>> {
    try {
      return await this.languages.all();
    } catch (error) {
      if (!(error instanceof TranslationUnavailableError)) throw error;
      this.logger.warn(`translation languages unavailable: ${error.detail ?? error.message}`);
      throw new HttpException({ error: error.message }, 503);
    }
  }
}
