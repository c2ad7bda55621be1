import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Bookmarks of statuses (private to their owner). */
@Injectable()
export class BookmarkRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds the bookmark unless it is there already. */
  async insert(accountId: string, statusId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO bookmarks (account_id, status_id) VALUES ($1, $2)
       ON CONFLICT (account_id, status_id) DO NOTHING`,
      [accountId, statusId],
    );
  }

  /** Removes the bookmark; false when there was none. */
  async delete(accountId: string, statusId: string): Promise<boolean> {
    const [deleted] = (await this.dataSource.query(
      `DELETE FROM bookmarks WHERE account_id = $1 AND status_id = $2 RETURNING id`,
      [accountId, statusId],
    )) as [unknown[], number];
    return deleted.length > 0;
  }
}
