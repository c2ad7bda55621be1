import { createHash, randomBytes } from 'node:crypto';

/** Tokens and codes are random and long, so a fast digest is enough to store them safely. */
export function digestToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new URL-safe secret (43 characters, 256 bits). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}
