import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { IpBlockSeverity } from '@nestodon/domain';

/**
 * Mastodon's canonical form of an address: lower case, the local part without dots and
 * without a `+tag`, so every spelling of one mailbox blocks alike.
 */
export function canonicalEmail(email: string): string {
  const [local, domain = ''] = email.trim().toLowerCase().split(/@(.*)/s, 2);
  return `${local.replace(/\./g, '').split('+')[0]}@${domain}`;
}

export function canonicalEmailHash(email: string): string {
  return createHash('sha256').update(canonicalEmail(email)).digest('hex');
}

/** What blocks a sign-up met, and what follows from them. */
export interface SignUpBlocks {
  /** Severities of the IP blocks containing the address. */
  ipSeverities: readonly IpBlockSeverity[];
  /** Matching e-mail domain blocks (the address's domain, its parents, its MX hosts). */
  emailDomainBlocks: ReadonlyArray<{ allowWithApproval: boolean }>;
  canonicalEmailBlocked: boolean;
}

export type SignUpVerdict = 'refused' | 'email_blocked' | 'needs_approval' | 'allowed';

/**
 * Mastodon's order: an IP that may not sign up (or connect) is refused; a blocked address is a
 * validation error unless every matching domain block allows sign-up with approval; an IP or
 * domain that requires approval makes the account wait for staff.
 */
export function screenSignUp(blocks: SignUpBlocks): SignUpVerdict {
  if (blocks.ipSeverities.some((s) => s === 'sign_up_block' || s === 'no_access')) {
    return 'refused';
  }
  const hardDomainBlock = blocks.emailDomainBlocks.some((b) => !b.allowWithApproval);
  if (blocks.canonicalEmailBlocked || hardDomainBlock) return 'email_blocked';
  if (
    blocks.emailDomainBlocks.length > 0 ||
    blocks.ipSeverities.includes('sign_up_requires_approval')
  ) {
    return 'needs_approval';
  }
  return 'allowed';
}

/** An address or a CIDR range as PostgreSQL's inet takes it, or null for anything else. */
export function parseIpRange(value: string): string | null {
  const [address, prefix, ...rest] = value.trim().split('/');
  const version = isIP(address);
  const maxPrefix = version === 6 ? 128 : 32;
  const prefixOk =
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
  return version !== 0 && prefixOk && rest.length === 0 ? value.trim() : null;
}
