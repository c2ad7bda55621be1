import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/** Ends a mute now (a pending expiry job then finds nothing to do). */
@Injectable()
export class UnmuteService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async unmute(source: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<boolean> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM mutes WHERE account_id = $1 AND target_account_id = $2`,
      [source.id, target.id],
    );
    return count > 0;
  }
}
