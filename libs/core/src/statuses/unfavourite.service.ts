import { Injectable } from '@nestjs/common';
import { Account, Status, StatusStatsRepository } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { inStatusTransaction } from './status-transaction';
import { StatusVisibilityService } from './status-visibility.service';

/**
 * Removes a favourite. A status the account cannot see answers 404 and changes nothing, so the
 * call tells nothing about statuses one may not see.
 */
@Injectable()
export class UnfavouriteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
    private readonly statusStats: StatusStatsRepository,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const target = status.reblog ?? status;
    await inStatusTransaction(this.dataSource, async (manager) => {
      const [deleted] = (await manager.query(
        `DELETE FROM favourites WHERE account_id = $1 AND status_id = $2 RETURNING id`,
        [account.id, target.id],
      )) as [unknown[], number];
      if (deleted.length > 0) {
        await this.statusStats.increment(target.id, 'favourites_count', -1, manager);
      }
    });
    return status;
  }
}
