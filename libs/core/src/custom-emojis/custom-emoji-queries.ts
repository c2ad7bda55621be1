import { Injectable } from '@nestjs/common';
import { CustomEmoji, CustomEmojiRepository } from '@nestodon/domain';

/** Reads of this server's custom emojis. */
@Injectable()
export class CustomEmojiQueries {
  constructor(private readonly emojis: CustomEmojiRepository) {}

  /** The emojis offered in pickers (GET /api/v1/custom_emojis). */
  listed(): Promise<CustomEmoji[]> {
    return this.emojis.listed();
  }
}
