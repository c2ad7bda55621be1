import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';
import { deletePair } from './account-pairs';

/** Rows of `blocks` (account blocks) and `account_domain_blocks` (a user's domain blocks). */
@Injectable()
export class BlockRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the block; an existing one stays as it is. */
  async insertBlock(accountId: string, targetAccountId: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO blocks (account_id, target_account_id) VALUES ($1, $2)
       ON CONFLICT (account_id, target_account_id) DO NOTHING`,
      [accountId, targetAccountId],
    );
  }

  /** Whether there was a block to delete. */
  deleteBlock(accountId: string, targetAccountId: string, tx?: Transaction): Promise<boolean> {
    return deletePair(tx ?? this.dataSource.manager, 'blocks', accountId, targetAccountId);
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
