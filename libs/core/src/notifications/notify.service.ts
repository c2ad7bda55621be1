import { Injectable, Logger } from '@nestjs/common';
import {
  AccountRepository,
  Notification,
  NOTIFICATION_TYPES,
  NotificationRepository,
  NotificationRequestRepository,
  NotificationType,
  StatusRepository,
} from '@nestodon/domain';
import {
  decideNotification,
  MAXIMUM_GROUP_SPAN_HOURS,
  NotificationDecision,
  notificationGroup,
} from '@nestodon/policies';
import { ExpiringStore } from '@nestodon/platform';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { NotifyPayload } from '@nestodon/queue';
import { NotificationPresenter } from '@nestodon/serializers';
import { EnqueueWebPushService } from '../push/enqueue-web-push.service';
import { policyRules } from './notification-policy-rules';

export interface NotifyResult {
  decision: NotificationDecision;
  notification: Notification | null;
}

const DROPPED: NotifyResult = { decision: 'drop', notification: null };

/**
 * Creates a notification by Mastodon's rules (libs/policies decideNotification): dropped,
 * created filtered (a mention then opens or refreshes the sender's notification request), or
 * created and published, rendered once, on the recipient's notifications channel. When what
 * it is about was undone meanwhile (an unfollow, an unfavourite, a deleted status…) nothing
 * is created: the job that asked for it finishes quietly, as Mastodon's does.
 */
@Injectable()
export class NotifyService {
  private readonly logger = new Logger(NotifyService.name);

  constructor(
    private readonly notifications: NotificationRepository,
    private readonly requests: NotificationRequestRepository,
    private readonly accounts: AccountRepository,
    private readonly statuses: StatusRepository,
    private readonly groups: ExpiringStore,
    private readonly publisher: PublisherService,
    private readonly presenter: NotificationPresenter,
    private readonly webPush: EnqueueWebPushService,
  ) {}

  async call(input: NotifyPayload): Promise<NotifyResult> {
    if (!(NOTIFICATION_TYPES as readonly string[]).includes(input.type)) {
      throw new Error(`Unknown notification type ${input.type}`);
    }
    const type = input.type as NotificationType;
    const subject = {
      accountId: input.recipientId,
      fromAccountId: input.fromAccountId,
      type,
      statusId: input.statusId ?? null,
      reblogStatusId: input.reblogStatusId ?? null,
      mentionId: input.mentionId ?? null,
      favouriteId: input.favouriteId ?? null,
      followId: input.followId ?? null,
      followRequestId: input.followRequestId ?? null,
      reportId: input.reportId ?? null,
      quoteId: input.quoteId ?? null,
      accountWarningId: input.accountWarningId ?? null,
    };
    const facts = await this.notifications.facts(subject);
    if (!facts || !facts.subjectPresent) return DROPPED;
    const now = new Date();
    const decision = decideNotification({
      type,
      recipientId: input.recipientId,
      recipientAvailable: facts.recipientAvailable,
      senderId: input.fromAccountId,
      senderSilenced: facts.senderSilenced,
      senderCreatedAt: facts.senderCreatedAt,
      recipientFollowsSender: facts.recipientFollowsSender,
      senderFollowsRecipientSince: facts.senderFollowsSince,
      recipientBlocksSender: facts.blocking,
      recipientMutesSenderNotifications: facts.mutingNotifications,
      recipientBlocksSenderDomain: facts.domainBlocking,
      conversationMuted: facts.conversationMuted,
      mentionInvolvesBlockedOrMuted: facts.mentionInvolvesBlocked,
      directMention: facts.direct,
      answersRecipient: facts.answersRecipient,
      senderAccepted: facts.accepted,
      policy: policyRules(facts.policy),
      now,
    });
    if (decision === 'drop') return DROPPED;

    const filtered = decision === 'filter';
    const groupKey = await this.groupKey(subject.accountId, type, subject.statusId, filtered, now);
    const notification = await this.notifications.insert({ ...subject, groupKey, filtered });
    // Undone between the facts and the insert.
    if (!notification) return DROPPED;
    if (filtered) {
      if (type === 'mention') {
        await this.requests.upsert(subject.accountId, subject.fromAccountId, subject.statusId);
      }
    } else {
      await this.publish(notification).catch((error: unknown) =>
        this.logger.warn(`notification ${notification.id} not published: ${String(error)}`),
      );
      await this.webPush
        .call(notification)
        .catch((error: unknown) =>
          this.logger.warn(`notification ${notification.id} not pushed: ${String(error)}`),
        );
    }
    return { decision, notification };
  }

  /** Renders the notification for its recipient and publishes it on the notifications channel. */
  private async publish(notification: Notification): Promise<void> {
    const [[sender], statuses] = await Promise.all([
      this.accounts.findByIds([notification.fromAccountId]),
      notification.statusId
        ? this.statuses.findWithRelations([notification.statusId])
        : Promise.resolve([]),
    ]);
    if (!sender) return;
    const [json] = await this.presenter.presentMany(
      [notification],
      new Map([[sender.id, sender]]),
      new Map(statuses.map((status) => [status.id, status])),
      { id: notification.accountId },
    );
    if (!json) return;
    await this.publisher.publish(Channel.userNotifications(notification.accountId), {
      event: StreamEvent.Notification,
      payload: JSON.stringify(json),
    });
  }

  private async groupKey(
    recipientId: string,
    type: NotificationType,
    statusId: string | null,
    filtered: boolean,
    now: Date,
  ): Promise<string | null> {
    const probe = notificationGroup(type, statusId, filtered, now, null);
    if (!probe) return null;
    const storeKey = `notif-group/${recipientId}/${probe.prefix}`;
    const previous = await this.groups.get(storeKey);
    const group = notificationGroup(
      type,
      statusId,
      filtered,
      now,
      previous ? Number(previous) : null,
    )!;
    await this.groups.set(storeKey, String(group.bucket), MAXIMUM_GROUP_SPAN_HOURS * 3600 * 1000);
    return group.key;
  }
}
