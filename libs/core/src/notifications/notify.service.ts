import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  Notification,
  NOTIFICATION_TYPES,
  NotificationType,
  POLICY_ACTION_NAMES,
  PolicyAction,
  StatusRepository,
} from '@nestodon/domain';
import {
  decideNotification,
  MAXIMUM_GROUP_SPAN_HOURS,
  NotificationDecision,
  notificationGroup,
} from '@nestodon/policies';
import { RedisService } from '@nestodon/platform';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { NotifyPayload } from '@nestodon/queue';
import { NotificationPresenter } from '@nestodon/serializers';
import { DataSource } from 'typeorm';

export interface NotifyResult {
  decision: NotificationDecision;
  notification: Notification | null;
}

interface FactsRow {
  available: boolean;
  sender_silenced: boolean;
  sender_created_at: Date;
  recipient_follows_sender: boolean;
  sender_follows_since: Date | null;
  blocking: boolean;
  muting_notifications: boolean;
  domain_blocking: boolean;
  accepted: boolean;
  conversation_muted: boolean;
  mention_involves_blocked: boolean;
  direct: boolean;
  answers_recipient: boolean;
  for_not_following: PolicyAction | null;
  for_not_followers: PolicyAction | null;
  for_new_accounts: PolicyAction | null;
  for_private_mentions: PolicyAction | null;
  for_limited_accounts: PolicyAction | null;
}

const action = (value: PolicyAction | null, fallback: PolicyAction) =>
  POLICY_ACTION_NAMES[value ?? fallback] ?? POLICY_ACTION_NAMES[fallback];

/** How far up a thread an answer to the recipient's private mention is looked for. */
const ANSWER_DEPTH = 100;

/**
 * Creates a notification by Mastodon's rules (libs/policies decideNotification): dropped,
 * created filtered (a mention then opens or refreshes the sender's notification request), or
 * created and published, rendered once, on the recipient's notifications channel.
 */
@Injectable()
export class NotifyService {
  private readonly logger = new Logger(NotifyService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisService,
    private readonly publisher: PublisherService,
    private readonly presenter: NotificationPresenter,
    private readonly statuses: StatusRepository,
  ) {}

  async notify(input: NotifyPayload): Promise<NotifyResult> {
    if (!(NOTIFICATION_TYPES as readonly string[]).includes(input.type)) {
      throw new Error(`Unknown notification type ${input.type}`);
    }
    const type = input.type as NotificationType;
    const facts = await this.loadFacts(input);
    if (!facts) return { decision: 'drop', notification: null };
    const now = new Date();
    const decision = decideNotification({
      type,
      recipientId: input.recipientId,
      recipientAvailable: facts.available,
      senderId: input.fromAccountId,
      senderSilenced: facts.sender_silenced,
      senderCreatedAt: new Date(facts.sender_created_at),
      recipientFollowsSender: facts.recipient_follows_sender,
      senderFollowsRecipientSince: facts.sender_follows_since
        ? new Date(facts.sender_follows_since)
        : null,
      recipientBlocksSender: facts.blocking,
      recipientMutesSenderNotifications: facts.muting_notifications,
      recipientBlocksSenderDomain: facts.domain_blocking,
      conversationMuted: facts.conversation_muted,
      mentionInvolvesBlockedOrMuted: facts.mention_involves_blocked,
      directMention: facts.direct,
      answersRecipient: facts.answers_recipient,
      senderAccepted: facts.accepted,
      policy: {
        forNotFollowing: action(facts.for_not_following, PolicyAction.Accept),
        forNotFollowers: action(facts.for_not_followers, PolicyAction.Accept),
        forNewAccounts: action(facts.for_new_accounts, PolicyAction.Accept),
        forPrivateMentions: action(facts.for_private_mentions, PolicyAction.Filter),
        forLimitedAccounts: action(facts.for_limited_accounts, PolicyAction.Filter),
      },
      now,
    });
    if (decision === 'drop') return { decision, notification: null };

    const filtered = decision === 'filter';
    const groupKey = await this.groupKey(
      input.recipientId,
      type,
      input.statusId ?? null,
      filtered,
      now,
    );
    const notification = await this.dataSource.getRepository(Notification).save({
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
      groupKey,
      filtered,
    });
    if (filtered) {
      if (type === 'mention') await this.updateRequest(input);
    } else {
      await this.publish(notification).catch((error: unknown) =>
        this.logger.warn(`notification ${notification.id} not published: ${String(error)}`),
      );
    }
    return { decision, notification };
  }

  /** Renders the notification for its recipient and publishes it on the notifications channel. */
  async publish(notification: Notification): Promise<void> {
    const [sender, statuses] = await Promise.all([
      this.dataSource.getRepository(Account).findOneBy({ id: notification.fromAccountId }),
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
    const redisKey = `notif-group/${recipientId}/${probe.prefix}`;
    const previous = await this.redis.client.get(redisKey);
    const group = notificationGroup(
      type,
      statusId,
      filtered,
      now,
      previous ? Number(previous) : null,
    )!;
    await this.redis.client.set(
      redisKey,
      String(group.bucket),
      'EX',
      MAXIMUM_GROUP_SPAN_HOURS * 3600,
    );
    return group.key;
  }

  private async updateRequest(input: NotifyPayload): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO notification_requests (account_id, from_account_id, last_status_id)
       VALUES ($1, $2, $3)
       ON CONFLICT (account_id, from_account_id) DO UPDATE
         SET last_status_id = EXCLUDED.last_status_id, updated_at = now()`,
      [input.recipientId, input.fromAccountId, input.statusId ?? null],
    );
  }

  /** Everything the rules need, in one query; null when either account is gone. */
  private async loadFacts(input: NotifyPayload): Promise<FactsRow | null> {
    const rows: FactsRow[] = await this.dataSource.query(
      `WITH st AS (
         SELECT id, conversation_id, visibility, in_reply_to_id, in_reply_to_account_id
           FROM statuses WHERE id = $3::bigint
       )
       SELECT
         (r.domain IS NULL AND r.suspended_at IS NULL AND u.id IS NOT NULL AND NOT u.disabled) AS available,
         s.silenced_at IS NOT NULL AS sender_silenced,
         s.created_at AS sender_created_at,
         EXISTS (SELECT 1 FROM follows WHERE account_id = r.id AND target_account_id = s.id) AS recipient_follows_sender,
         (SELECT created_at FROM follows WHERE account_id = s.id AND target_account_id = r.id) AS sender_follows_since,
         EXISTS (SELECT 1 FROM blocks WHERE account_id = r.id AND target_account_id = s.id) AS blocking,
         EXISTS (SELECT 1 FROM mutes WHERE account_id = r.id AND target_account_id = s.id
                   AND hide_notifications AND (expires_at IS NULL OR expires_at > now())) AS muting_notifications,
         (s.domain IS NOT NULL AND EXISTS (SELECT 1 FROM account_domain_blocks
                   WHERE account_id = r.id AND domain = s.domain)) AS domain_blocking,
         EXISTS (SELECT 1 FROM notification_permissions
                  WHERE account_id = r.id AND from_account_id = s.id) AS accepted,
         EXISTS (SELECT 1 FROM st JOIN conversation_mutes cm
                   ON cm.conversation_id = st.conversation_id AND cm.account_id = r.id) AS conversation_muted,
         ($4::text = 'mention' AND EXISTS (
            SELECT 1 FROM (
              SELECT m.account_id FROM mentions m JOIN st ON m.status_id = st.id WHERE m.silent = false
              UNION ALL SELECT in_reply_to_account_id FROM st WHERE in_reply_to_account_id IS NOT NULL
            ) involved
            WHERE involved.account_id <> r.id AND (
              EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = r.id AND b.target_account_id = involved.account_id)
              OR EXISTS (SELECT 1 FROM mutes mu WHERE mu.account_id = r.id AND mu.target_account_id = involved.account_id
                           AND mu.hide_notifications AND (mu.expires_at IS NULL OR mu.expires_at > now()))))
         ) AS mention_involves_blocked,
         COALESCE((SELECT visibility = 3 FROM st), false) AS direct,
         ($4::text = 'mention' AND EXISTS (
            WITH RECURSIVE up(id, in_reply_to_id, account_id, visibility, depth, path) AS (
              SELECT p.id, p.in_reply_to_id, p.account_id, p.visibility, 1, ARRAY[p.id]
                FROM statuses p JOIN st ON p.id = st.in_reply_to_id
              UNION ALL
              SELECT p.id, p.in_reply_to_id, p.account_id, p.visibility, up.depth + 1, up.path || p.id
                FROM up JOIN statuses p ON p.id = up.in_reply_to_id
               WHERE up.depth < $5 AND NOT p.id = ANY(up.path)
            )
            SELECT 1 FROM up
             WHERE up.account_id = r.id AND up.visibility = 3
               AND EXISTS (SELECT 1 FROM mentions m2 WHERE m2.status_id = up.id
                             AND m2.account_id = s.id AND m2.silent = false))
         ) AS answers_recipient,
         p.for_not_following, p.for_not_followers, p.for_new_accounts,
         p.for_private_mentions, p.for_limited_accounts
       FROM accounts r
       JOIN accounts s ON s.id = $2::bigint
       LEFT JOIN users u ON u.account_id = r.id
       LEFT JOIN notification_policies p ON p.account_id = r.id
       WHERE r.id = $1::bigint`,
      [input.recipientId, input.fromAccountId, input.statusId ?? null, input.type, ANSWER_DEPTH],
    );
    return rows[0] ?? null;
  }
}
