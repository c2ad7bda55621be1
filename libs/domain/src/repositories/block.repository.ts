import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';

/** Rows of `blocks` (account blocks) and `account_domain_blocks` (a user's domain blocks). */
@Injectable()
export class BlockRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the block; an existing one stays as it is. The new block's id, or null. */
  async insertBlock(
    accountId: string,
    targetAccountId: string,
    tx?: Transaction,
  ): Promise<string | null> {
    const rows: Array<{ id: string }> = await (tx ?? this.dataSource.manager).query(
      `INSERT INTO blocks (account_id, target_account_id) VALUES ($1, $2)
       ON CONFLICT (account_id, target_account_id) DO NOTHING RETURNING id`,
      [accountId, targetAccountId],
    );
    return rows[0]?.id ?? null;
  }

  /** The id the deleted block had, or null when there was none. */
  async deleteBlock(
    accountId: string,
    targetAccountId: string,
    tx?: Transaction,
  ): Promise<string | null> {
    const [deleted]: [Array<{ id: string }>, number] = await (tx ?? this.dataSource.manager).query(
      `DELETE FROM blocks WHERE account_id = $1 AND target_account_id = $2 RETURNING id`,
      [accountId, targetAccountId],
    );
    return deleted[0]?.id ?? null;
  }

  /** Records the domain block (a normalised domain); an existing one stays as it is. */
  async insertDomainBlock(accountId: string, domain: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO account_domain_blocks (account_id, domain) VALUES ($1, $2)
       ON CONFLICT (account_id, domain) DO NOTHING`,
      [accountId, domain],
    );
  }

  /** Whether there was a domain block to delete. */
  async deleteDomainBlock(accountId: string, domain: string, tx?: Transaction): Promise<boolean> {
    const [, count]: [unknown[], number] = await (tx ?? this.dataSource.manager).query(
      `DELETE FROM account_domain_blocks WHERE account_id = $1 AND domain = $2`,
      [accountId, domain],
    );
    return count > 0;
  }
}
