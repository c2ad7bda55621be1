import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, RecordNotFoundError } from '@nestodon/domain';
import { DataSource, SelectQueryBuilder } from 'typeorm';

/** The largest bigint id; anything longer or larger cannot name an account. */
const MAX_ID = 9223372036854775807n;

export const isAccountId = (id: unknown): id is string =>
  typeof id === 'string' && /^\d{1,19}$/.test(id) && BigInt(id) <= MAX_ID;

/**
 * Reads accounts as the public API shows them: local accounts whose user has not confirmed
 * their e-mail or is awaiting approval do not exist yet (404), as on Mastodon.
 */
@Injectable()
export class FetchAccountsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  /** One account by id; RecordNotFoundError for unknown, malformed or hidden ids. */
  async byId(id: string): Promise<Account> {
    if (!isAccountId(id)) throw new RecordNotFoundError();
    const account = await this.visible().andWhere('account.id = :id', { id }).getOne();
    if (!account) throw new RecordNotFoundError();
    return account;
  }

  /** Several accounts, in the order asked, unknown and malformed ids skipped. */
  async byIds(ids: string[]): Promise<Account[]> {
    const wanted = [...new Set(ids.filter(isAccountId))];
    if (wanted.length === 0) return [];
    const rows = await this.visible()
      .andWhere('account.id IN (:...ids)', { ids: wanted })
      .getMany();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return wanted.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * `user`, `@user`, `user@this.domain` or `user@remote.domain` (a remote account this server
   * already knows; no WebFinger here). RecordNotFoundError otherwise.
   */
  async byAcct(acct: string): Promise<Account> {
    const match = /^@?([A-Za-z0-9_.-]+)(?:@([^@\s/]+))?$/.exec(acct.trim());
    if (!match) throw new RecordNotFoundError();
    const username = match[1].toLowerCase();
    let domain: string | null = match[2]?.toLowerCase() ?? null;
    const { localDomain, webDomain } = this.config.instance;
    if (domain === localDomain || domain === webDomain) domain = null;
    const query = this.visible().andWhere('lower(account.username) = :username', { username });
    if (domain === null) query.andWhere('account.domain IS NULL');
    else query.andWhere('lower(account.domain) = :domain', { domain });
    const account = await query.getOne();
    if (!account) throw new RecordNotFoundError();
    return account;
  }

  private visible(): SelectQueryBuilder<Account> {
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('account')
      .leftJoin('users', 'u', 'u.account_id = account.id')
      .where(
        '(account.domain IS NOT NULL OR (u.id IS NOT NULL AND u.confirmed_at IS NOT NULL AND u.approved))',
      );
  }
}
