import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636: verifiers and S256 challenges use the unreserved characters only. */
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export const SUPPORTED_CHALLENGE_METHODS = ['S256'] as const;

export function isWellFormedChallenge(value: string): boolean {
  return CHALLENGE.test(value);
}

/** Whether the verifier hashes (SHA-256, base64url) to the challenge given at authorization. */
export function verifyCodeVerifier(verifier: string, challenge: string): boolean {
  if (!CHALLENGE.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
