import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/**
 * Lifts a block (nothing comes back: follows severed by the block stay severed).
 * Federation joins here: send Undo(Block) to a remote target after commit.
 */
@Injectable()
export class UnblockService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async unblock(source: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM blocks WHERE account_id = $1 AND target_account_id = $2`,
      [source.id, target.id],
    );
    return count > 0;
  }
}
