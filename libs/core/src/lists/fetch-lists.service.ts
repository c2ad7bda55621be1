import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, isValidId, List, RecordNotFoundError } from '@nestodon/domain';
import { DataSource } from 'typeorm';

export interface ListMemberPage {
  accounts: Account[];
  /** list_accounts row ids of the first and last member (Link header cursors). */
  newestCursor: string | null;
  oldestCursor: string | null;
  full: boolean;
}

/** Reads a user's lists and their members; another user's list is not found. */
@Injectable()
export class FetchListsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  all(owner: Pick<Account, 'id'>): Promise<List[]> {
    return this.dataSource
      .getRepository(List)
      .find({ where: { accountId: owner.id }, order: { id: 'ASC' } });
  }

  async owned(owner: Pick<Account, 'id'>, id: string): Promise<List> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const list = await this.dataSource
      .getRepository(List)
      .findOne({ where: { id, accountId: owner.id } });
    if (!list) throw new RecordNotFoundError();
    return list;
  }

  /** The owner's lists that contain `account` (none for a suspended account). */
  async containing(owner: Pick<Account, 'id'>, account: Account): Promise<List[]> {
    if (account.suspendedAt !== null) return [];
    return this.dataSource
      .getRepository(List)
      .createQueryBuilder('l')
      .innerJoin('list_accounts', 'la', 'la.list_id = l.id AND la.account_id = :accountId', {
        accountId: account.id,
      })
      .where('l.account_id = :ownerId', { ownerId: owner.id })
      .orderBy('l.id', 'ASC')
      .getMany();
  }

  /**
   * Members (suspended accounts left out), by membership row id, newest first. Without a
   * page every member comes back.
   */
  async members(
    list: List,
    page: { maxId?: string; sinceId?: string; minId?: string; limit: number } | null,
  ): Promise<ListMemberPage> {
    const params: unknown[] = [list.id];
    const conditions = ['la.list_id = $1', 'a.suspended_at IS NULL'];
    let tail = 'ORDER BY la.id DESC';
    let reverse = false;
    if (page) {
      const bind = (value: unknown) => `$${params.push(value)}`;
      if (page.maxId) conditions.push(`la.id < ${bind(page.maxId)}::bigint`);
      if (page.sinceId) conditions.push(`la.id > ${bind(page.sinceId)}::bigint`);
      if (page.minId) conditions.push(`la.id > ${bind(page.minId)}::bigint`);
      reverse = Boolean(page.minId);
      tail = `ORDER BY la.id ${reverse ? 'ASC' : 'DESC'} LIMIT ${bind(page.limit)}`;
    }
    const rows: Array<{ cursor: string; account_id: string }> = await this.dataSource.query(
      `SELECT la.id::text AS cursor, la.account_id::text AS account_id
         FROM list_accounts la JOIN accounts a ON a.id = la.account_id
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    if (reverse) rows.reverse();
    const ids = rows.map((row) => row.account_id);
    const accounts = ids.length
      ? await this.dataSource
          .getRepository(Account)
          .createQueryBuilder('a')
          .where('a.id IN (:...ids)', { ids })
          .getMany()
      : [];
    const byId = new Map(accounts.map((account) => [account.id, account]));
    return {
      accounts: ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
      newestCursor: rows[0]?.cursor ?? null,
      oldestCursor: rows.at(-1)?.cursor ?? null,
      full: page !== null && rows.length >= page.limit,
    };
  }
}
