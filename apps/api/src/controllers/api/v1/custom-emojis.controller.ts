import { Controller, Get, Inject } from '@nestjs/common';
import { OpenInLimitedFederation, Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { CustomEmojiQueries } from '@nestodon/core';
import { CustomEmojiJson, serializeCustomEmoji } from '@nestodon/serializers';

/** GET /api/v1/custom_emojis: this server's emojis offered in pickers. Public. */
@Controller('api/v1/custom_emojis')
export class CustomEmojisController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly emojis: CustomEmojiQueries,
  ) {}

  @Get()
  @Public()
  @OpenInLimitedFederation()
  async index(): Promise<CustomEmojiJson[]> {
    return (await this.emojis.listed()).map((emoji) => serializeCustomEmoji(emoji, this.config));
  }
}
