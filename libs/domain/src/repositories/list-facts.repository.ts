import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A list with its members, as the feed rules read it. */
export interface ListFacts {
  id: string;
  accountId: string;
  /** The list's replies policy (REPLIES_POLICY_NAMES). */
  repliesPolicy: number;
  members: Set<string>;
}

interface Row {
  id: string;
  account_id: string;
  replies_policy: number;
  members: string[] | null;
}

const toFacts = (row: Row): ListFacts => ({
  id: row.id,
  accountId: row.account_id,
  repliesPolicy: Number(row.replies_policy),
  members: new Set(row.members ?? []),
});

/** Lists with their members, as the feed rules read them. */
@Injectable()
export class ListFactsRepository {
  constructor(private readonly dataSource: DataSource) {}

  private select(where: string): string {
    return `SELECT l.id::text, l.account_id::text, l.replies_policy,
                   ARRAY(SELECT m.account_id::text FROM list_accounts m WHERE m.list_id = l.id) AS members
              FROM lists l ${where}`;
  }

  async byIds(ids: string[]): Promise<ListFacts[]> {
    if (ids.length === 0) return [];
    const rows: Row[] = await this.dataSource.query(
      this.select('WHERE l.id = ANY($1::bigint[]) ORDER BY l.id'),
      [ids],
    );
    return rows.map(toFacts);
  }

  /** The lists of local owners that `accountId` is a member of (fan-out). */
  async containing(accountId: string): Promise<ListFacts[]> {
    const rows: Row[] = await this.dataSource.query(
      this.select(
        `JOIN accounts o ON o.id = l.account_id AND o.domain IS NULL
         WHERE EXISTS (SELECT 1 FROM list_accounts la WHERE la.list_id = l.id AND la.account_id = $1)
         ORDER BY l.id`,
      ),
      [accountId],
    );
    return rows.map(toFacts);
  }

  /** Every list of an owner. */
  async ownedBy(ownerId: string): Promise<ListFacts[]> {
    const rows: Row[] = await this.dataSource.query(
      this.select('WHERE l.account_id = $1 ORDER BY l.id'),
      [ownerId],
    );
    return rows.map(toFacts);
  }
}
