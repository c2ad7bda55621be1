import { AppConfig } from '@nestodon/config';
import { CustomEmoji, customEmojiKey } from '@nestodon/domain';
import type { CustomEmojiJson } from './account.serializer';

/** The key of a custom emoji of a server (domain null: this one). */
export const emojiKey = (shortcode: string, domain: string | null) =>
  `${shortcode}@${domain ?? ''}`;

export function serializeCustomEmoji(
  emoji: CustomEmoji,
  config: Pick<AppConfig, 'media'>,
): CustomEmojiJson {
  let url = emoji.imageRemoteUrl ?? '';
  let staticUrl = url;
  if (emoji.imageFileName) {
    const stored = { id: emoji.id, imageFileName: emoji.imageFileName };
    url = `${config.media.baseUrl}/${customEmojiKey(stored, 'original')}`;
    staticUrl = `${config.media.baseUrl}/${customEmojiKey(stored, 'static')}`;
  }
  return {
    shortcode: emoji.shortcode,
    url,
    static_url: staticUrl,
    visible_in_picker: emoji.visibleInPicker,
    category: emoji.category,
  };
}
