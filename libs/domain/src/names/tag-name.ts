/**
 * Hashtag names, as Mastodon understands them: word characters (letters, marks, digits, `_`)
 * plus the inner separators `·`, `・` and ZERO WIDTH NON-JOINER; a name needs a letter, or a
 * separator between two other characters, so `#123` is not a hashtag but `#1_2` and `#café`
 * are. Two names are the same tag when their normalised forms are equal.
 */
const INNER_SEPARATORS = '\u00B7\u30FB\u200C';
const WORD = /^[\p{L}\p{M}\p{Nd}\p{Pc}]$/u;
const ALLOWED = new RegExp(`^[\\p{L}\\p{M}\\p{Nd}\\p{Pc}${INNER_SEPARATORS}]+$`, 'u');
const LETTER = /\p{L}/u;
const DISALLOWED = new RegExp(`[^\\p{L}\\p{M}\\p{Nd}\\p{Pc}${INNER_SEPARATORS}]`, 'gu');
// Latin letters with diacritics fold to their base letter (café and cafe are one tag).
const ACCENTED_LATIN = /[\u00C0-\u024F\u1E00-\u1EFF]/g;

export const MAX_TAG_NAME_LENGTH = 255;

/** The name as typed, without a leading `#` and in Unicode compatibility form. */
export function cleanTagName(input: string): string {
  return input.trim().replace(/^#/, '').normalize('NFKC');
}

export function isValidTagName(input: string): boolean {
  const name = cleanTagName(input);
  if (name.length === 0 || name.length > MAX_TAG_NAME_LENGTH || !ALLOWED.test(name)) return false;
  const chars = [...name];
  if (!WORD.test(chars[0]) || !WORD.test(chars[chars.length - 1])) return false;
  if (LETTER.test(name)) return true;
  return chars.slice(1, -1).some((char) => char === '_' || INNER_SEPARATORS.includes(char));
}

/** The form tags are stored and compared in: compatibility form, lower case, Latin folded. */
export function normalizeTagName(input: string): string {
  return cleanTagName(input)
    .toLowerCase()
    .replace(ACCENTED_LATIN, (char) => char.normalize('NFD').replace(/\p{M}/gu, ''))
    .replace(DISALLOWED, '');
}
