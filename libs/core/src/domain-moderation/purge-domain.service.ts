import { Injectable } from '@nestjs/common';
import { DomainPurgeRepository, normalizeDomain, ValidationError } from '@nestodon/domain';
import { DeleteAccountService } from '../accounts/delete-account.service';

/** Accounts deleted per round. */
const BATCH = 100;

export interface DomainPurgeCounts {
  accounts: number;
  customEmojis: number;
}

/**
 * tootctl's `domains purge DOMAIN`: removes every account of a server without a trace (their
 * statuses, media, relationships, notifications… as DeleteAccountService removes them, and the
 * rows), its custom emojis and its domain blocks. Unlike a suspension, the accounts come back
 * if the server is met again. Nothing is federated. A dry run only counts.
 */
@Injectable()
export class PurgeDomainService {
  constructor(
    private readonly purge: DomainPurgeRepository,
    private readonly deleteAccount: DeleteAccountService,
  ) {}

  /** What limited federation mode leaves out: the servers of known accounts not allowed. */
  domainsOffAllowList(): Promise<string[]> {
    return this.purge.domainsOffAllowList();
  }

  async call(input: string, { dryRun = false } = {}): Promise<DomainPurgeCounts> {
    const domain = normalizeDomain(input);
    if (!domain) throw new ValidationError(`${input} is not a valid domain name`);
    const customEmojis = await this.purge.customEmojiCount(domain);
    if (dryRun) return { accounts: await this.purge.accountCount(domain), customEmojis };
    let accounts = 0;
    for (let after = '0'; ;) {
      const page = await this.purge.accountsOf(domain, after, BATCH);
      if (page.length === 0) break;
      for (const account of page) await this.deleteAccount.call(account);
      accounts += page.length;
      after = page[page.length - 1].id;
    }
    await this.purge.deleteCustomEmojis(domain);
    await this.purge.deleteDomainBlocks(domain);
    return { accounts, customEmojis };
  }
}
