import { de } from './de';
import { en, Messages } from './en';

export type { Messages } from './en';

/** Languages of the web pages; add one by adding a file with the same shape as en.ts. */
export const LOCALES: Readonly<Record<string, Messages>> = { en, de };

export const DEFAULT_LOCALE = 'en';

/** `de-AT` → `de`; null for anything that is not a language tag. */
function baseLanguage(tag: string): string | null {
  const match = /^([a-z]{2,3})(?:[-_][a-z0-9-]*)?$/i.exec(tag.trim());
  return match ? match[1].toLowerCase() : null;
}

/**
 * The strings for a request: the `lang` parameter when given (English when we do not have that
 * language), else the best match of Accept-Language, else English.
 */
export function messagesFor(lang?: unknown, acceptLanguage?: string): Messages {
  if (typeof lang === 'string' && lang !== '') {
    const base = baseLanguage(lang);
    return (base && LOCALES[base]) || LOCALES[DEFAULT_LOCALE];
  }
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag, ...params] = part.split(';');
        const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
        return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) };
      })
      .filter((entry) => entry.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const base = baseLanguage(tag);
      if (base && LOCALES[base]) return LOCALES[base];
    }
  }
  return LOCALES[DEFAULT_LOCALE];
}
