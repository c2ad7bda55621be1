import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Account } from '../entities/account.entity';

/** A local account's follow of the account that moved, with the options it carries over. */
export interface MovingFollow {
  followerId: string;
  showReblogs: boolean;
  notify: boolean;
  languages: string[] | null;
}

/** What an account's move to another reads and writes (Mastodon's Move and MoveWorker). */
@Injectable()
export class AccountMoveRepository {
  constructor(private readonly dataSource: DataSource) {}

  async setMovedTo(accountId: string, targetId: string): Promise<void> {
    await this.dataSource
      .getRepository(Account)
      .update({ id: accountId }, { movedToAccountId: targetId });
  }

  /** Local followers of the account, in follower id order after `afterId`. */
  async localFollows(accountId: string, afterId: string, limit: number): Promise<MovingFollow[]> {
    return this.dataSource.query(
      `SELECT f.account_id::text AS "followerId", f.show_reblogs AS "showReblogs",
              f.notify, f.languages
         FROM follows f JOIN accounts a ON a.id = f.account_id AND a.domain IS NULL
        WHERE f.target_account_id = $1 AND f.account_id > $2
        ORDER BY f.account_id LIMIT $3`,
      [accountId, afterId, limit],
    );
  }

  /** Local accounts blocking `originId` that neither block nor follow `targetId`. */
  async blocksToCarry(originId: string, targetId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT b.account_id::text AS id
         FROM blocks b JOIN accounts a ON a.id = b.account_id AND a.domain IS NULL
        WHERE b.target_account_id = $1
          AND NOT EXISTS (SELECT 1 FROM blocks o WHERE o.account_id = b.account_id AND o.target_account_id = $2)
          AND NOT EXISTS (SELECT 1 FROM follows o WHERE o.account_id = b.account_id AND o.target_account_id = $2)`,
      [originId, targetId],
    );
    return rows.map((row) => row.id);
  }

  /** Local accounts muting `originId` that neither mute nor follow `targetId`, with the mute's notification choice. */
  async mutesToCarry(
    originId: string,
    targetId: string,
  ): Promise<Array<{ accountId: string; hideNotifications: boolean }>> {
    return this.dataSource.query(
      `SELECT m.account_id::text AS "accountId", m.hide_notifications AS "hideNotifications"
         FROM mutes m JOIN accounts a ON a.id = m.account_id AND a.domain IS NULL
        WHERE m.target_account_id = $1
          AND NOT EXISTS (SELECT 1 FROM mutes o WHERE o.account_id = m.account_id AND o.target_account_id = $2)
          AND NOT EXISTS (SELECT 1 FROM follows o WHERE o.account_id = m.account_id AND o.target_account_id = $2)`,
      [originId, targetId],
    );
  }
}
