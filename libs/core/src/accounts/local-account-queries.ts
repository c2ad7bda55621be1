import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  AccountStatsRepository,
  RecordNotFoundError,
  UserRepository,
} from '@nestodon/domain';
import { requireLocalAccount } from './local-accounts';

/** Local accounts as the operator names them (the CLI), whatever their state. */
@Injectable()
export class LocalAccountQueries {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly stats: AccountStatsRepository,
  ) {}

  /** By username (`alice` or `@alice`, any case); UnknownAccountError otherwise. */
  byUsername(username: string): Promise<Account> {
    return requireLocalAccount(this.accounts, username);
  }

  /** The account of the user with this e-mail address (any case). */
  async byEmail(email: string): Promise<Account> {
    const accountId = await this.users.accountIdByEmail(email.trim());
    const account = accountId ? await this.accounts.findById(accountId) : null;
    if (!account) throw new RecordNotFoundError(`No user has the e-mail address ${email}`);
    return account;
  }

  async statusesCount(account: Account): Promise<number> {
    const stat = (await this.stats.forAccounts([account.id])).get(account.id);
    return Number(stat?.statusesCount ?? 0);
  }
}
