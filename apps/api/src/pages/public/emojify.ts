import { CustomEmojiJson } from '@nestodon/serializers';
import { escapeHtml } from '@nestodon/text';

/**
 * Custom emoji shortcodes in HTML replaced by their images, in text only (never inside tags):
 * pages show them as a client would, without JavaScript.
 */
export function emojify(html: string, emojis: readonly CustomEmojiJson[]): string {
  if (emojis.length === 0) return html;
  const byCode = new Map(emojis.map((emoji) => [emoji.shortcode, emoji]));
  return html
    .split(/(<[^>]*>)/)
    .map((part) =>
      part.startsWith('<')
        ? part
        : part.replace(/:([a-zA-Z0-9_]{2,}):/g, (whole, code: string) => {
            const emoji = byCode.get(code);
            if (!emoji) return whole;
            const alt = escapeHtml(whole);
            return `<img class="emoji" src="${escapeHtml(emoji.url)}" alt="${alt}" title="${alt}" width="20" height="20" />`;
          }),
    )
    .join('');
}
