import { scan } from './plain-text-formatter';

/** Characters a URL counts for, whatever its length (published as characters_reserved_per_url). */
export const URL_PLACEHOLDER_LENGTH = 23;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** User-perceived characters (grapheme clusters): an emoji with modifiers counts once. */
export function countGraphemes(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/**
 * A status's length as Mastodon counts it against the limit: the content warning plus the text,
 * where each http(s) URL counts as 23 characters and a mention of a remote account counts only
 * its `@username`.
 */
export function statusLength(text: string, spoilerText = ''): number {
  const source = (text ?? '').replace(/\r\n?/g, '\n');
  let countable = '';
  if (source.trim() !== '') {
    const found = scan(source);
    const entities = [
      ...found.urls.map((url) => ({ ...url, replacement: 'x'.repeat(URL_PLACEHOLDER_LENGTH) })),
      ...found.mentions.map((mention) => ({ ...mention, replacement: `@${mention.username}` })),
    ].sort((a, b) => a.start - b.start);
    let position = 0;
    for (const entity of entities) {
      if (entity.start < position) continue;
      countable += source.slice(position, entity.start) + entity.replacement;
      position = entity.end;
    }
    countable += source.slice(position);
  }
  return countGraphemes((spoilerText ?? '') + countable);
}

/** `:shortcode:` of custom emojis, not glued to letters, digits or other colons. */
const EMOJI_SHORTCODE = /(?<=^|[^\p{L}\p{N}:]):([a-zA-Z0-9_]{2,}):(?=[^\p{L}\p{N}:]|$)/gu;

/** Custom emoji shortcodes used in the texts, without duplicates, in order of appearance. */
export function extractEmojiShortcodes(...texts: Array<string | null | undefined>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of (text ?? '').matchAll(EMOJI_SHORTCODE)) found.add(match[1]);
  }
  return [...found];
}
