import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, RecordNotFoundError } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/**
 * Declines `requester`'s pending request to follow `account`. No pending request: 404.
 * Federation joins here: send Reject(Follow) to a remote requester after commit.
 */
@Injectable()
export class RejectFollowService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async reject(requester: Pick<Account, 'id'>, account: Pick<Account, 'id'>): Promise<void> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM follow_requests WHERE account_id = $1 AND target_account_id = $2`,
      [requester.id, account.id],
    );
    if (count === 0) throw new RecordNotFoundError();
  }
}
