import { Injectable } from '@nestjs/common';
import {
  Account,
  FavouriteRepository,
  Status,
  StatusStatsRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { StatusQueries } from './status-queries';

/**
 * Removes a favourite. A status the account cannot see answers 404 and changes nothing, so the
 * call tells nothing about statuses one may not see.
 */
@Injectable()
export class UnfavouriteStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly visibility: StatusQueries,
    private readonly favourites: FavouriteRepository,
    private readonly statusStats: StatusStatsRepository,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const target = status.reblog ?? status;
    await this.transactions.run(async (tx) => {
      if (await this.favourites.delete(account.id, target.id, tx)) {
        await this.statusStats.increment(target.id, 'favourites_count', -1, tx);
      }
    });
    return status;
  }
}
