import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { EmojiFacts } from '@nestodon/activitypub/render';
import { CustomEmojiRepository } from '@nestodon/domain';
import { serializeCustomEmoji } from '@nestodon/serializers';
import { extractEmojiShortcodes } from '@nestodon/text';

/** The local custom emojis used in some texts, as emoji tags show them. */
@Injectable()
export class EmojiFactsLoader {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly emojis: CustomEmojiRepository,
  ) {}

  /** One list per group of texts, loaded in one query for all groups. */
  async forTexts(groups: string[][]): Promise<EmojiFacts[][]> {
    const shortcodes = groups.map((texts) => extractEmojiShortcodes(...texts));
    const rows = await this.emojis.findLocalEnabled(shortcodes.flat());
    const byShortcode = new Map(
      rows.map((emoji) => {
        const { url } = serializeCustomEmoji(emoji, this.config);
        const facts: EmojiFacts = {
          id: emoji.id,
          shortcode: emoji.shortcode,
          url,
          mediaType: emoji.imageContentType,
          updatedAt: emoji.updatedAt,
        };
        return [emoji.shortcode, facts];
      }),
    );
    return shortcodes.map((codes) => codes.flatMap((code) => byShortcode.get(code) ?? []));
  }
}
