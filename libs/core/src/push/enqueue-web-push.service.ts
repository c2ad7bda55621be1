import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Notification, WebPushSubscriptionRepository } from '@nestodon/domain';
import { wantsPush } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';

/**
 * After a notification is created (and not filtered): one push job for each subscription of
 * the recipient that wants its type from that sender (libs/policies `wantsPush`). Nothing
 * without VAPID keys.
 */
@Injectable()
export class EnqueueWebPushService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: WebPushSubscriptionRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(notification: Pick<Notification, 'id' | 'accountId' | 'fromAccountId' | 'type'>) {
    if (!this.config.push.vapid) return;
    const recipients = await this.subscriptions.recipientsOf(
      notification.accountId,
      notification.fromAccountId,
    );
    for (const subscription of recipients) {
      if (!wantsPush(subscription, notification.type, subscription)) continue;
      await this.jobs.enqueue(JobName.DeliverWebPush, {
        subscriptionId: subscription.id,
        notificationId: String(notification.id),
      });
    }
  }
}
