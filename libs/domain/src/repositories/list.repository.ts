import { Injectable } from '@nestjs/common';
import { DataSource, DeepPartial } from 'typeorm';
import { List } from '../entities/list.entity';
import { Transaction } from '../transactions';
import { IdPage, idPageSql } from './id-paging';

/** A list member and the id of its membership row (the list's page cursor). */
export interface ListMemberRow {
  rowId: string;
  accountId: string;
}

/** An account someone wants to add to a list, as the rules for adding see it. */
export interface ListCandidate {
  accountId: string;
  /** The list owner's follow of the account, if any. */
  followId: string | null;
  alreadyMember: boolean;
}

/** Users' lists and their members. */
@Injectable()
export class ListRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(tx?: Transaction) {
    return tx ?? this.dataSource.manager;
  }

  /** The account's lists, oldest first. */
  listsOf(accountId: string): Promise<List[]> {
    return this.dataSource.getRepository(List).find({ where: { accountId }, order: { id: 'ASC' } });
  }

  /** One of the account's lists, or null. */
  ownedList(accountId: string, id: string): Promise<List | null> {
    return this.dataSource.getRepository(List).findOneBy({ id, accountId });
  }

  /** The owner's lists that contain `accountId`, oldest first. */
  listsContaining(ownerId: string, accountId: string): Promise<List[]> {
    return this.dataSource
      .getRepository(List)
      .createQueryBuilder('l')
      .innerJoin('list_accounts', 'la', 'la.list_id = l.id AND la.account_id = :accountId', {
        accountId,
      })
      .where('l.account_id = :ownerId', { ownerId })
      .orderBy('l.id', 'ASC')
      .getMany();
  }

  /**
   * Members not suspended, by membership row, newest first: a page of them, or all of them
   * when `page` is null.
   */
  async members(listId: string, page: IdPage | null): Promise<ListMemberRow[]> {
    const params: unknown[] = [listId];
    const conditions = ['la.list_id = $1', 'a.suspended_at IS NULL'];
    const { tail, reverse } = page
      ? idPageSql('la.id', page, conditions, params)
      : { tail: 'ORDER BY la.id DESC', reverse: false };
    const rows: Array<{ row_id: string; account_id: string }> = await this.dataSource.query(
      `SELECT la.id::text AS row_id, la.account_id::text AS account_id
         FROM list_accounts la JOIN accounts a ON a.id = la.account_id
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    if (reverse) rows.reverse();
    return rows.map((row) => ({ rowId: row.row_id, accountId: row.account_id }));
  }

  /**
   * Holds the owner's list creations until the transaction ends, so that concurrent ones
   * count each other.
   */
  async lockListsOf(ownerId: string, tx: Transaction): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('lists'), hashtext($1))`, [ownerId]);
  }

  countListsOf(ownerId: string, tx?: Transaction): Promise<number> {
    return this.manager(tx).getRepository(List).countBy({ accountId: ownerId });
  }

  /** Inserts a list or saves changes to one; returns it as stored. */
  saveList(list: DeepPartial<List>, tx?: Transaction): Promise<List> {
    return this.manager(tx).getRepository(List).save(list);
  }

  /** Deletes a list and its memberships. */
  async deleteList(id: string): Promise<void> {
    await this.dataSource.getRepository(List).delete({ id });
  }

  /** The accounts among `accountIds` that exist, with what adding them to the list depends on. */
  async candidates(list: List, accountIds: string[], tx?: Transaction): Promise<ListCandidate[]> {
    const rows: Array<{ id: string; follow_id: string | null; member: boolean }> =
      await this.manager(tx).query(
        `SELECT a.id::text,
                (SELECT f.id::text FROM follows f WHERE f.account_id = $2 AND f.target_account_id = a.id) AS follow_id,
                EXISTS (SELECT 1 FROM list_accounts la WHERE la.list_id = $3 AND la.account_id = a.id) AS member
           FROM accounts a WHERE a.id = ANY($1::bigint[])`,
        [accountIds, list.accountId, list.id],
      );
    return rows.map((row) => ({
      accountId: row.id,
      followId: row.follow_id,
      alreadyMember: row.member,
    }));
  }

  async addMembers(
    listId: string,
    members: Array<Pick<ListCandidate, 'accountId' | 'followId'>>,
    tx?: Transaction,
  ): Promise<void> {
    if (members.length === 0) return;
    await this.manager(tx).query(
      `INSERT INTO list_accounts (list_id, account_id, follow_id)
       SELECT $1, m.account_id, m.follow_id
         FROM unnest($2::bigint[], $3::bigint[]) AS m(account_id, follow_id)`,
      [listId, members.map((m) => m.accountId), members.map((m) => m.followId)],
    );
  }

  /** Removes members; returns the ids of the accounts that were members. */
  async removeMembers(listId: string, accountIds: string[]): Promise<string[]> {
    const [removed]: [Array<{ account_id: string }>, number] = await this.dataSource.query(
      `DELETE FROM list_accounts WHERE list_id = $1 AND account_id = ANY($2::bigint[])
       RETURNING account_id::text`,
      [listId, accountIds],
    );
    return removed.map((row) => row.account_id);
  }
}
