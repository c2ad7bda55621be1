import { Injectable } from '@nestjs/common';
import {
  AccessBlockRepository,
  CanonicalEmailBlock,
  EmailDomainBlock,
  IdPage,
  IpBlock,
  isValidId,
  normalizeDomain,
  RecordNotFoundError,
} from '@nestodon/domain';
import {
  canonicalEmailHash,
  domainAndParents,
  screenSignUp,
  SignUpVerdict,
} from '@nestodon/policies';
import { MxHosts } from './mx-hosts';

const found = <T>(record: T | null): T => {
  if (!record) throw new RecordNotFoundError();
  return record;
};

/** Reads of the sign-up and access blocks, and the screening of a sign-up against them. */
@Injectable()
export class AccessBlockQueries {
  constructor(
    private readonly blocks: AccessBlockRepository,
    private readonly mx: MxHosts,
  ) {}

  /**
   * What the blocks say of a sign-up from `ip` with `email`: the address's domain and its
   * parents are checked, and (as Mastodon) its MX hosts, looked up only while some e-mail
   * domain is blocked at all.
   */
  async screenSignUp(email: string, ip: string | null): Promise<SignUpVerdict> {
    const domain = normalizeDomain(email.split('@').pop() ?? '');
    const domains = domain ? domainAndParents(domain) : [];
    if (domain && (await this.blocks.anyEmailDomainBlock())) {
      for (const host of await this.mx.of(domain)) domains.push(...domainAndParents(host));
    }
    const [ipBlocks, emailDomainBlocks, canonical] = await Promise.all([
      ip
        ? this.blocks.ipBlocksContaining(ip, [
            'sign_up_requires_approval',
            'sign_up_block',
            'no_access',
          ])
        : [],
      this.blocks.emailDomainBlocksOf([...new Set(domains)]),
      this.blocks.canonicalEmailBlocksWithHash(canonicalEmailHash(email)),
    ]);
    return screenSignUp({
      ipSeverities: ipBlocks.map((block) => block.severity),
      emailDomainBlocks,
      canonicalEmailBlocked: canonical.length > 0,
    });
  }

  /** The canonical blocks an address matches (POST …/canonical_email_blocks/test). */
  canonicalBlocksMatching(email: string): Promise<CanonicalEmailBlock[]> {
    return this.blocks.canonicalEmailBlocksWithHash(canonicalEmailHash(email));
  }

  emailDomainBlockPage(page: IdPage): Promise<EmailDomainBlock[]> {
    return this.blocks.emailDomainBlockPage(page);
  }

  canonicalEmailBlockPage(page: IdPage): Promise<CanonicalEmailBlock[]> {
    return this.blocks.canonicalEmailBlockPage(page);
  }

  ipBlockPage(page: IdPage): Promise<IpBlock[]> {
    return this.blocks.ipBlockPage(page);
  }

  async emailDomainBlock(id: string): Promise<EmailDomainBlock> {
    return found(isValidId(id) ? await this.blocks.findEmailDomainBlock(id) : null);
  }

  async canonicalEmailBlock(id: string): Promise<CanonicalEmailBlock> {
    return found(isValidId(id) ? await this.blocks.findCanonicalEmailBlock(id) : null);
  }

  async ipBlock(id: string): Promise<IpBlock> {
    return found(isValidId(id) ? await this.blocks.findIpBlock(id) : null);
  }
}
