import { DomainBlockSeverity } from '@nestodon/domain';

/** What domain moderation rules need of a block. */
export interface DomainBlockFacts {
  domain: string;
  severity: DomainBlockSeverity;
  rejectMedia: boolean;
  rejectReports: boolean;
}

/** A domain and each domain above it, most specific first: a.b.example, b.example, example. */
export function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/** The block that rules a domain: its own, else the nearest parent's (Mastodon's rule_for). */
export function ruleForDomain<T extends DomainBlockFacts>(domain: string, blocks: T[]): T | null {
  for (const candidate of domainAndParents(domain)) {
    const block = blocks.find((b) => b.domain === candidate);
    if (block) return block;
  }
  return null;
}

/** Mastodon's DomainBlock#stricter_than?: whether a new block adds anything to an existing one. */
export function isStricterThan(
  block: Omit<DomainBlockFacts, 'domain'>,
  other: Omit<DomainBlockFacts, 'domain'>,
): boolean {
  if (block.severity === 'suspend') return true;
  if (other.severity === 'suspend') return false;
  if (other.severity === 'silence' && block.severity === 'noop') return false;
  return (block.rejectMedia || !other.rejectMedia) && (block.rejectReports || !other.rejectReports);
}

/** What federation must do with a domain (the seam federation code asks through core). */
export interface DomainVerdict {
  /** Suspended: refuse its activities and deliver nothing there. */
  blocked: boolean;
  /** Its accounts are silenced (limited) as they arrive. */
  silenced: boolean;
  /** Do not fetch or keep its media. */
  rejectMedia: boolean;
  /** Ignore its Flags (reports). */
  rejectReports: boolean;
  /** On the allow list (what limited federation mode federates with). */
  allowListed: boolean;
}

export function domainVerdict(block: DomainBlockFacts | null, allowListed: boolean): DomainVerdict {
  return {
    blocked: block?.severity === 'suspend',
    silenced: block?.severity === 'silence',
    rejectMedia: block !== null && (block.severity === 'suspend' || block.rejectMedia),
    rejectReports: block !== null && (block.severity === 'suspend' || block.rejectReports),
    allowListed,
  };
}

/** How a public list shows an obfuscated domain: its middle half starred, dots kept. */
export function obfuscateDomain(domain: string): string {
  const length = domain.length;
  const visible = Math.floor(length / 4);
  return [...domain]
    .map((char, i) => (i > visible && i < length - visible && char !== '.' ? '*' : char))
    .join('');
}
