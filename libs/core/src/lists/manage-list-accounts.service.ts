import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isValidId, List, RecordNotFoundError, ValidationError } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource } from 'typeorm';

/** Most accounts one request may add or remove. */
export const MAX_LIST_ACCOUNTS_PER_REQUEST = 250;

/**
 * Adds accounts to a list and removes them. Members must be followed by the list's owner (or
 * be the owner); unknown accounts are not found; adding a member twice is refused. The list
 * feed gains the new members' recent statuses and loses the removed ones' (in the worker).
 */
@Injectable()
export class ManageListAccountsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  async add(list: List, accountIds: string[]): Promise<void> {
    const ids = this.validIds(accountIds);
    await this.dataSource.transaction(async (tx) => {
      const rows: Array<{ id: string; follow_id: string | null; member: boolean }> = await tx.query(
        `SELECT a.id::text,
                (SELECT f.id::text FROM follows f WHERE f.account_id = $2 AND f.target_account_id = a.id) AS follow_id,
                EXISTS (SELECT 1 FROM list_accounts la WHERE la.list_id = $3 AND la.account_id = a.id) AS member
           FROM accounts a WHERE a.id = ANY($1::bigint[])`,
        [ids, list.accountId, list.id],
      );
      if (rows.length !== ids.length) throw new RecordNotFoundError();
      for (const row of rows) {
        if (row.member)
          throw new ValidationError('Validation failed: Account has already been taken');
        if (row.follow_id === null && row.id !== String(list.accountId)) {
          throw new ValidationError('Validation failed: Account must be followed first');
        }
      }
      for (const row of rows) {
        await tx.query(
          `INSERT INTO list_accounts (list_id, account_id, follow_id) VALUES ($1, $2, $3)`,
          [list.id, row.id, row.follow_id],
        );
      }
    });
    for (const id of ids) {
      await this.jobs.enqueue(JobName.FeedMerge, {
        accountId: String(list.accountId),
        targetAccountId: id,
        listId: String(list.id),
      });
    }
  }

  async remove(list: List, accountIds: string[]): Promise<void> {
    const ids = this.validIds(accountIds);
    const [removed]: [Array<{ account_id: string }>, number] = await this.dataSource.query(
      `DELETE FROM list_accounts WHERE list_id = $1 AND account_id = ANY($2::bigint[])
       RETURNING account_id::text`,
      [list.id, ids],
    );
    for (const row of removed) {
      await this.jobs.enqueue(JobName.FeedUnmerge, {
        accountId: String(list.accountId),
        targetAccountId: row.account_id,
        listId: String(list.id),
      });
    }
  }

  private validIds(accountIds: string[] | undefined): string[] {
    const ids = [...new Set(accountIds ?? [])];
    if (ids.length === 0) throw new ValidationError('Validation failed: account_ids is missing');
    if (ids.length > MAX_LIST_ACCOUNTS_PER_REQUEST) {
      throw new ValidationError(
        `Validation failed: at most ${MAX_LIST_ACCOUNTS_PER_REQUEST} accounts at once`,
      );
    }
    if (!ids.every(isValidId)) throw new RecordNotFoundError();
    return ids;
  }
}
