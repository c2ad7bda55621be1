import { AppConfig } from '@nestodon/config';
import { CustomEmoji, idPartition } from '@nestodon/domain';
import type { CustomEmojiJson } from './account.serializer';

export function serializeCustomEmoji(
  emoji: CustomEmoji,
  config: Pick<AppConfig, 'media'>,
): CustomEmojiJson {
  let url = emoji.imageRemoteUrl ?? '';
  let staticUrl = url;
  if (emoji.imageFileName) {
    const base = `${config.media.baseUrl}/custom_emojis/images/${idPartition(emoji.id)}`;
    url = `${base}/original/${emoji.imageFileName}`;
    staticUrl = `${base}/static/${emoji.imageFileName.replace(/\.[^.]+$/, '')}.png`;
  }
  return {
    shortcode: emoji.shortcode,
    url,
    static_url: staticUrl,
    visible_in_picker: emoji.visibleInPicker,
    category: emoji.category,
  };
}
