import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Account } from '../entities/account.entity';
import { Notification } from '../entities/notification.entity';
import { PushPolicy, WebPushSubscription } from '../entities/web-push-subscription.entity';

export type NewWebPushSubscription = Pick<
  WebPushSubscription,
  | 'accessTokenId'
  | 'userId'
  | 'endpoint'
  | 'keyP256dh'
  | 'keyAuth'
  | 'standard'
  | 'alerts'
  | 'policy'
  | 'accessTokenCiphertext'
>;

/** A subscription of a notification's recipient, with the relations its policy reads. */
export interface PushRecipientRow {
  id: string;
  alerts: Record<string, boolean>;
  policy: PushPolicy;
  recipientFollowsSender: boolean;
  senderFollowsRecipient: boolean;
}

/** Everything a push needs: where, how, and what about. */
export interface PushDelivery {
  subscription: WebPushSubscription;
  /** The recipient's locale (`preferred_locale`), if set. */
  locale: string | null;
  notification: Notification;
  sender: Account;
}

/** Web Push subscriptions: one per access token, read for every notification of their user. */
@Injectable()
export class WebPushSubscriptionRepository {
  constructor(private readonly dataSource: DataSource) {}

  forToken(accessTokenId: string): Promise<WebPushSubscription | null> {
    return this.dataSource.getRepository(WebPushSubscription).findOneBy({ accessTokenId });
  }

  /** The token's subscription, replacing the one it had (a new id, as Mastodon does). */
  replaceForToken(values: NewWebPushSubscription): Promise<WebPushSubscription> {
    return this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(WebPushSubscription);
      await repository.delete({ accessTokenId: values.accessTokenId });
      const saved = await repository.save(repository.create(values));
      return (await repository.findOneBy({ id: saved.id }))!;
    });
  }

  /** Changes what the token's subscription wants; null when it has none. */
  async updateData(
    accessTokenId: string,
    changes: Partial<Pick<WebPushSubscription, 'alerts' | 'policy'>>,
  ): Promise<WebPushSubscription | null> {
    const repository = this.dataSource.getRepository(WebPushSubscription);
    if (Object.keys(changes).length > 0) await repository.update({ accessTokenId }, changes);
    return repository.findOneBy({ accessTokenId });
  }

  async deleteForToken(accessTokenId: string): Promise<void> {
    await this.dataSource.getRepository(WebPushSubscription).delete({ accessTokenId });
  }

  async deleteById(id: string): Promise<void> {
    await this.dataSource.getRepository(WebPushSubscription).delete({ id });
  }

  /** The live subscriptions of an account's user, with the follows between it and the sender. */
  async recipientsOf(accountId: string, senderId: string): Promise<PushRecipientRow[]> {
    const rows: Array<{
      id: string;
      alerts: Record<string, boolean>;
      policy: PushPolicy;
      recipient_follows_sender: boolean;
      sender_follows_recipient: boolean;
    }> = await this.dataSource.query(
      `SELECT w.id::text, w.alerts, w.policy,
              EXISTS (SELECT 1 FROM follows WHERE account_id = $1 AND target_account_id = $2)
                AS recipient_follows_sender,
              EXISTS (SELECT 1 FROM follows WHERE account_id = $2 AND target_account_id = $1)
                AS sender_follows_recipient
         FROM web_push_subscriptions w
         JOIN users u ON u.id = w.user_id AND u.account_id = $1 AND NOT u.disabled
         JOIN oauth_access_tokens t ON t.id = w.access_token_id AND t.revoked_at IS NULL
        ORDER BY w.id`,
      [accountId, senderId],
    );
    return rows.map((row) => ({
      id: row.id,
      alerts: row.alerts,
      policy: row.policy,
      recipientFollowsSender: row.recipient_follows_sender,
      senderFollowsRecipient: row.sender_follows_recipient,
    }));
  }

  /** The subscription (while its token lives) and the notification; null when either is gone. */
  async delivery(subscriptionId: string, notificationId: string): Promise<PushDelivery | null> {
    const subscription = await this.dataSource
      .getRepository(WebPushSubscription)
      .createQueryBuilder('w')
      .addSelect('w.accessTokenCiphertext')
      .innerJoin('oauth_access_tokens', 't', 't.id = w.access_token_id AND t.revoked_at IS NULL')
      .where('w.id = :subscriptionId', { subscriptionId })
      .getOne();
    const notification = await this.dataSource
      .getRepository(Notification)
      .findOneBy({ id: notificationId });
    if (!subscription || !notification) return null;
    const [sender, users] = await Promise.all([
      this.dataSource.getRepository(Account).findOneBy({ id: notification.fromAccountId }),
      this.dataSource.query(`SELECT locale FROM users WHERE id = $1`, [subscription.userId]),
    ]);
    if (!sender) return null;
    return {
      subscription,
      locale: (users as Array<{ locale: string | null }>)[0]?.locale ?? null,
      notification,
      sender,
    };
  }
}
