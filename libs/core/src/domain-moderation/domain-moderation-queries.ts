import { Injectable } from '@nestjs/common';
import {
  DomainAllow,
  DomainAllowRepository,
  DomainBlock,
  DomainBlockRepository,
  IdPage,
  isValidId,
  normalizeDomain,
  RecordNotFoundError,
} from '@nestodon/domain';
import { domainAndParents, domainVerdict, DomainVerdict, ruleForDomain } from '@nestodon/policies';

/**
 * Reads of instance-level domain moderation. `verdictFor` is the seam federation asks: is a
 * server blocked (suspended), silenced, are its media or reports rejected, is it allow-listed.
 */
@Injectable()
export class DomainModerationQueries {
  constructor(
    private readonly blocks: DomainBlockRepository,
    private readonly allows: DomainAllowRepository,
  ) {}

  /** What applies to a domain (a host name; subdomains follow their parents' blocks). */
  async verdictFor(domain: string): Promise<DomainVerdict> {
    const normalized = normalizeDomain(domain) ?? domain.toLowerCase();
    const domains = domainAndParents(normalized);
    const [blocks, allowListed] = await Promise.all([
      this.blocks.findByDomains(domains),
      this.allows.covers(domains),
    ]);
    return domainVerdict(ruleForDomain(normalized, blocks), allowListed);
  }

  /** The block ruling a domain (its own or a parent's), or null. */
  async blockRuling(domain: string): Promise<DomainBlock | null> {
    return ruleForDomain(domain, await this.blocks.findByDomains(domainAndParents(domain)));
  }

  blockPage(page: IdPage): Promise<DomainBlock[]> {
    return this.blocks.page(page);
  }

  allowPage(page: IdPage): Promise<DomainAllow[]> {
    return this.allows.page(page);
  }

  /** The blocks the public list shows (no-ops left out). */
  listedBlocks(): Promise<DomainBlock[]> {
    return this.blocks.listed();
  }

  async blockById(id: string): Promise<DomainBlock> {
    const block = isValidId(id) ? await this.blocks.findById(id) : null;
    if (!block) throw new RecordNotFoundError();
    return block;
  }

  async allowById(id: string): Promise<DomainAllow> {
    const allow = isValidId(id) ? await this.allows.findById(id) : null;
    if (!allow) throw new RecordNotFoundError();
    return allow;
  }
}
