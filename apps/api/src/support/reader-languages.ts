import { AuthContext } from '@nestodon/auth';
import type { Request } from 'express';

/** Mastodon's default locale, used when the reader names none. */
const DEFAULT_LANGUAGE = 'en';

/**
 * The languages a reader prefers, as Mastodon ranks trends for them: the languages they chose
 * to see, else their interface locale, else the first language their client accepts
 * (Accept-Language), else English. Locales count by their language (`pt-BR` is `pt`).
 */
export function readerLanguages(auth: AuthContext | undefined, req: Request): string[] {
  const chosen = auth?.user?.chosenLanguages;
  if (chosen && chosen.length > 0) return chosen;
  const accepted = req.acceptsLanguages().find((tag) => tag !== '*');
  const locale = auth?.user?.locale || accepted || DEFAULT_LANGUAGE;
  return [locale.split(/[-_]/)[0].toLowerCase()];
}
