import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, AccountRepository, RecordNotFoundError } from '@nestodon/domain';

/** The largest bigint id; anything longer or larger cannot name an account. */
const MAX_ID = 9223372036854775807n;

export const isAccountId = (id: unknown): id is string =>
  typeof id === 'string' && /^\d{1,19}$/.test(id) && BigInt(id) <= MAX_ID;

/**
 * Reads accounts as the public API shows them: local accounts whose user has not confirmed
 * their e-mail or is awaiting approval do not exist yet (404), as on Mastodon.
 */
@Injectable()
export class AccountQueries {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
  ) {}

  /** One account by id; RecordNotFoundError for unknown, malformed or hidden ids. */
  async byId(id: string): Promise<Account> {
    if (!isAccountId(id)) throw new RecordNotFoundError();
    const account = await this.accounts.findVisibleById(id);
    if (!account) throw new RecordNotFoundError();
    return account;
  }

  /** Several accounts, in the order asked, unknown and malformed ids skipped. */
  byIds(ids: string[]): Promise<Account[]> {
    return this.accounts.findVisibleByIds(ids.filter(isAccountId));
  }

  /**
   * `user`, `@user`, `user@this.domain` or `user@remote.domain` (a remote account this server
   * already knows; no WebFinger here). RecordNotFoundError otherwise.
   */
  async byAcct(acct: string): Promise<Account> {
    const match = /^@?([A-Za-z0-9_.-]+)(?:@([^@\s/]+))?$/.exec(acct.trim());
    if (!match) throw new RecordNotFoundError();
    let domain: string | null = match[2]?.toLowerCase() ?? null;
    const { localDomain, webDomain } = this.config.instance;
    if (domain === localDomain || domain === webDomain) domain = null;
    const account = await this.accounts.findVisibleByHandle({ username: match[1], domain });
    if (!account) throw new RecordNotFoundError();
    return account;
  }
}
