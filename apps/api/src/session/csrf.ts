import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

/** The form field every page form carries. */
export const CSRF_FIELD = 'authenticity_token';

/** The session's CSRF token, created on first use. */
export function csrfToken(req: Request): string {
  req.session.csrfToken ??= randomBytes(32).toString('base64url');
  return req.session.csrfToken;
}

/** Whether the posted form carries this session's token. */
export function hasValidCsrfToken(req: Request): boolean {
  const expected = req.session?.csrfToken;
  const given = (req.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
