import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/** Stops featuring an account on the viewer's profile (nothing happens when it was not). */
@Injectable()
export class UnendorseAccountService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async unendorse(account: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM account_pins WHERE account_id = $1 AND target_account_id = $2`,
      [account.id, target.id],
    );
    return count > 0;
  }
}
