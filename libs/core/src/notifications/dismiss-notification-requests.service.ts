import { Injectable } from '@nestjs/common';
import {
  Account,
  NotificationRepository,
  NotificationRequestRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { NotificationRequestQueries } from './notification-request-queries';

/**
 * Dismisses notification requests with the notifications they held. Others' and unknown ids
 * are skipped.
 */
@Injectable()
export class DismissNotificationRequestsService {
  constructor(
    private readonly queries: NotificationRequestQueries,
    private readonly requests: NotificationRequestRepository,
    private readonly notifications: NotificationRepository,
    private readonly transactions: TransactionRunner,
  ) {}

  async call(viewer: Pick<Account, 'id'>, ids: string[]): Promise<void> {
    const requests = await this.queries.ownedMany(viewer, ids);
    if (requests.length === 0) return;
    await this.transactions.run(async (tx) => {
      await this.notifications.deleteFiltered(
        viewer.id,
        requests.map((request) => request.fromAccountId),
        tx,
      );
      await this.requests.deleteByIds(
        requests.map((request) => request.id),
        tx,
      );
    });
  }
}
