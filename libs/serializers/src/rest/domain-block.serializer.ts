import { createHash } from 'node:crypto';
import { DomainAllow, DomainBlock, DomainBlockSeverity } from '@nestodon/domain';
import { obfuscateDomain } from '@nestodon/policies';

/** Mastodon's Admin::DomainBlock. */
export interface AdminDomainBlockJson {
  id: string;
  domain: string;
  digest: string;
  created_at: string;
  severity: DomainBlockSeverity;
  reject_media: boolean;
  reject_reports: boolean;
  private_comment: string | null;
  public_comment: string | null;
  obfuscate: boolean;
}

/** Mastodon's Admin::DomainAllow. */
export interface AdminDomainAllowJson {
  id: string;
  domain: string;
  created_at: string;
}

/** Mastodon's public DomainBlock (GET /api/v1/instance/domain_blocks). */
export interface DomainBlockJson {
  domain: string;
  digest: string;
  severity: 'silence' | 'suspend';
  comment?: string;
}

const digest = (domain: string) => createHash('sha256').update(domain).digest('hex');

export const serializeAdminDomainBlock = (block: DomainBlock): AdminDomainBlockJson => ({
  id: String(block.id),
  domain: block.domain,
  digest: digest(block.domain),
  created_at: new Date(block.createdAt).toISOString(),
  severity: block.severity,
  reject_media: block.rejectMedia,
  reject_reports: block.rejectReports,
  private_comment: block.privateComment,
  public_comment: block.publicComment,
  obfuscate: block.obfuscate,
});

export const serializeAdminDomainAllow = (allow: DomainAllow): AdminDomainAllowJson => ({
  id: String(allow.id),
  domain: allow.domain,
  created_at: new Date(allow.createdAt).toISOString(),
});

/** The public entry: obfuscated when asked, the comment only when the rationale is shown. */
export function serializeDomainBlock(block: DomainBlock, withComment: boolean): DomainBlockJson {
  const json: DomainBlockJson = {
    domain: block.obfuscate ? obfuscateDomain(block.domain) : block.domain,
    digest: digest(block.domain),
    severity: block.severity as 'silence' | 'suspend',
  };
  if (withComment) json.comment = block.publicComment ?? '';
  return json;
}
