import { normalizeDomain, ValidationError } from '@nestodon/domain';

/** The normalised domain of a user-level domain block; 422 when it is not a domain name. */
export function requireDomain(input: string): string {
  const domain = normalizeDomain(input);
  if (!domain) throw new ValidationError('Validation failed: Domain is not a valid domain name');
  return domain;
}
