import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';

/** Statuses pinned to their author's profile. */
@Injectable()
export class StatusPinRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** How many statuses the account has pinned, and whether `statusId` is one of them. */
  async pins(
    accountId: string,
    statusId: string,
    tx: Transaction,
  ): Promise<{ count: number; pinned: boolean }> {
    const [row] = (await tx.query(
      `SELECT count(*)::int AS count, bool_or(status_id = $2) AS pinned
         FROM status_pins WHERE account_id = $1`,
      [accountId, statusId],
    )) as Array<{ count: number; pinned: boolean | null }>;
    return { count: row.count, pinned: row.pinned === true };
  }

  async insert(accountId: string, statusId: string, tx: Transaction): Promise<void> {
    await tx.query(
      `INSERT INTO status_pins (account_id, status_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [accountId, statusId],
    );
  }

  /** Whether there was a pin to delete. */
  async delete(accountId: string, statusId: string): Promise<boolean> {
    const [deleted] = (await this.dataSource.query(
      `DELETE FROM status_pins WHERE account_id = $1 AND status_id = $2 RETURNING id`,
      [accountId, statusId],
    )) as [unknown[], number];
    return deleted.length > 0;
  }
}
