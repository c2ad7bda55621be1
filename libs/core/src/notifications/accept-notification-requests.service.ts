import { Injectable } from '@nestjs/common';
import {
  Account,
  NotificationPolicyRepository,
  NotificationRepository,
  NotificationRequestRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { NotificationRequestQueries } from './notification-request-queries';

/**
 * Accepts notification requests: the senders' held notifications come in, and so will their
 * future ones (the senders are remembered). Others' and unknown ids are skipped.
 */
@Injectable()
export class AcceptNotificationRequestsService {
  constructor(
    private readonly queries: NotificationRequestQueries,
    private readonly requests: NotificationRequestRepository,
    private readonly notifications: NotificationRepository,
    private readonly policies: NotificationPolicyRepository,
    private readonly transactions: TransactionRunner,
    private readonly publisher: PublisherService,
  ) {}

  async call(viewer: Pick<Account, 'id'>, ids: string[]): Promise<void> {
    const requests = await this.queries.ownedMany(viewer, ids);
    if (requests.length === 0) return;
    const senderIds = requests.map((request) => request.fromAccountId);
    await this.transactions.run(async (tx) => {
      await this.policies.permitSenders(viewer.id, senderIds, tx);
      await this.notifications.releaseFiltered(viewer.id, senderIds, tx);
      await this.requests.deleteByIds(
        requests.map((request) => request.id),
        tx,
      );
    });
    await this.publisher
      .publish(Channel.user(viewer.id), { event: StreamEvent.NotificationsMerged, payload: '1' })
      .catch(() => undefined);
  }
}
