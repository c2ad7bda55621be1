import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  AdminAccountFacts,
  AdminAccountFilter,
  AdminAccountRepository,
  IdPage,
  RecordNotFoundError,
} from '@nestodon/domain';
import { isAccountId } from '../accounts/account-queries';

/** Accounts as moderators see them: local and remote, suspended and pending included. */
@Injectable()
export class AdminAccountQueries {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly adminAccounts: AdminAccountRepository,
  ) {}

  page(filter: AdminAccountFilter, page: IdPage): Promise<Account[]> {
    return this.adminAccounts.page(filter, page);
  }

  /** Any account by id; RecordNotFoundError for unknown and malformed ids. */
  async byId(id: string): Promise<Account> {
    const account = isAccountId(id) ? await this.accounts.findById(id) : null;
    if (!account) throw new RecordNotFoundError();
    return account;
  }

  /** The account with its user and role (remote accounts: none). */
  async withFacts(id: string): Promise<{ account: Account; facts: AdminAccountFacts }> {
    const account = await this.byId(id);
    const facts = (await this.adminAccounts.facts([account.id])).get(account.id)!;
    return { account, facts };
  }
}
