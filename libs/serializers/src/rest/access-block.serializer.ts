import { isIPv6 } from 'node:net';
import { CanonicalEmailBlock, EmailDomainBlock, IpBlock, IpBlockSeverity } from '@nestodon/domain';

/** Mastodon's Admin::EmailDomainBlock (no sign-up attempt history is kept: `history` is empty). */
export interface AdminEmailDomainBlockJson {
  id: string;
  domain: string;
  allow_with_approval: boolean;
  created_at: string;
  history: Array<{ day: string; accounts: string; uses: string }>;
}

export interface AdminCanonicalEmailBlockJson {
  id: string;
  canonical_email_hash: string;
}

export interface AdminIpBlockJson {
  id: string;
  ip: string;
  severity: IpBlockSeverity;
  comment: string;
  created_at: string;
  expires_at: string | null;
}

export const serializeAdminEmailDomainBlock = (
  block: EmailDomainBlock,
): AdminEmailDomainBlockJson => ({
  id: String(block.id),
  domain: block.domain,
  allow_with_approval: block.allowWithApproval,
  created_at: new Date(block.createdAt).toISOString(),
  history: [],
});

export const serializeAdminCanonicalEmailBlock = (
  block: CanonicalEmailBlock,
): AdminCanonicalEmailBlockJson => ({
  id: String(block.id),
  canonical_email_hash: block.canonicalEmailHash,
});

/** The range always with its prefix, as Mastodon prints it (a host: /32 or /128). */
const withPrefix = (ip: string) => (ip.includes('/') ? ip : `${ip}/${isIPv6(ip) ? 128 : 32}`);

export const serializeAdminIpBlock = (block: IpBlock): AdminIpBlockJson => ({
  id: String(block.id),
  ip: withPrefix(block.ip),
  severity: block.severity,
  comment: block.comment,
  created_at: new Date(block.createdAt).toISOString(),
  expires_at: block.expiresAt ? new Date(block.expiresAt).toISOString() : null,
});
