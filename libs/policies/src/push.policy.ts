import type { PushPolicy } from '@nestodon/domain';

/**
 * Whether a Web Push subscription gets a notification (Mastodon's rules): it must want the
 * notification's type (`alerts`, all off unless turned on), and the sender must pass its
 * `policy`: `all`, `followed` (the recipient follows the sender), `follower` (the sender
 * follows the recipient) or `none`.
 */
export interface PushSubscriptionRules {
  alerts: Readonly<Record<string, boolean>>;
  policy: PushPolicy;
}

export interface PushSenderFacts {
  recipientFollowsSender: boolean;
  senderFollowsRecipient: boolean;
}

export function wantsPush(
  subscription: PushSubscriptionRules,
  notificationType: string,
  facts: PushSenderFacts,
): boolean {
  if (subscription.alerts[notificationType] !== true) return false;
  switch (subscription.policy) {
    case 'all':
      return true;
    case 'followed':
      return facts.recipientFollowsSender;
    case 'follower':
      return facts.senderFollowsRecipient;
    case 'none':
      return false;
  }
}
