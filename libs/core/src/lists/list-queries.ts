import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  IdPage,
  isValidId,
  List,
  ListRepository,
  RecordNotFoundError,
} from '@nestodon/domain';

export interface ListMemberPage {
  accounts: Account[];
  /** list_accounts row ids of the first and last member (Link header cursors). */
  newestCursor: string | null;
  oldestCursor: string | null;
  full: boolean;
}

/** Reads a user's lists and their members; another user's list is not found. */
@Injectable()
export class ListQueries {
  constructor(
    private readonly lists: ListRepository,
    private readonly accounts: AccountRepository,
  ) {}

  all(owner: Pick<Account, 'id'>): Promise<List[]> {
    return this.lists.listsOf(owner.id);
  }

  async owned(owner: Pick<Account, 'id'>, id: string): Promise<List> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const list = await this.lists.ownedList(owner.id, id);
    if (!list) throw new RecordNotFoundError();
    return list;
  }

  /** The owner's lists that contain `account` (none for a suspended account). */
  async containing(owner: Pick<Account, 'id'>, account: Account): Promise<List[]> {
    if (account.suspendedAt !== null) return [];
    return this.lists.listsContaining(owner.id, account.id);
  }

  /**
   * Members (suspended accounts left out), by membership row id, newest first. Without a
   * page every member comes back.
   */
  async members(list: List, page: IdPage | null): Promise<ListMemberPage> {
    const rows = await this.lists.members(list.id, page);
    return {
      accounts: await this.accounts.findByIds(rows.map((row) => row.accountId)),
      newestCursor: rows[0]?.rowId ?? null,
      oldestCursor: rows.at(-1)?.rowId ?? null,
      full: page !== null && rows.length >= page.limit,
    };
  }
}
