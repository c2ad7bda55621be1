/**
 * Whether a notification is created, created filtered (held back in a notification request),
 * or dropped: Mastodon's rules as a pure function over preloaded facts.
 *
 * Dropped:
 * - the recipient is not a local, usable account;
 * - it comes from the recipient (except a poll of their own ending);
 * - the recipient blocks the sender, mutes them with notifications hidden, or blocks their
 *   domain without following them;
 * - it is about a status in a thread the recipient muted;
 * - a mention of the recipient that also involves (mentions, or replies to) someone the
 *   recipient blocks or mutes with notifications, or comes from a limited (silenced) account
 *   the recipient does not follow;
 * - a policy rule set to `drop` applies.
 * Filtered: a policy rule set to `filter` applies. Policy rules apply only to filterable types
 * (not admin.sign_up, admin.report, poll, update, quoted_update) and never to senders the
 * recipient accepted.
 * Rules: not_following (the recipient does not follow the sender), not_followers (the sender
 * has not followed the recipient for 3 days), new_accounts (the sender is under 30 days old and
 * not followed), private_mentions (a direct mention not answering one of the recipient's, from
 * someone not followed), limited_accounts (a silenced sender not followed).
 */

export type NotificationDecision = 'accept' | 'filter' | 'drop';
export type PolicyRuleAction = 'accept' | 'filter' | 'drop';

export interface NotificationPolicyRules {
  forNotFollowing: PolicyRuleAction;
  forNotFollowers: PolicyRuleAction;
  forNewAccounts: PolicyRuleAction;
  forPrivateMentions: PolicyRuleAction;
  forLimitedAccounts: PolicyRuleAction;
}

/** Mastodon's defaults for a user who never changed the policy. */
export const DEFAULT_NOTIFICATION_POLICY: Readonly<NotificationPolicyRules> = Object.freeze({
  forNotFollowing: 'accept',
  forNotFollowers: 'accept',
  forNewAccounts: 'accept',
  forPrivateMentions: 'filter',
  forLimitedAccounts: 'filter',
});

/** Types the policy never holds back. */
export const UNFILTERABLE_NOTIFICATION_TYPES: ReadonlySet<string> = new Set([
  'admin.sign_up',
  'admin.report',
  'moderation_warning',
  'poll',
  'update',
  'quoted_update',
]);

/** Types one may be notified of by oneself. */
const SELF_NOTIFICATION_TYPES: ReadonlySet<string> = new Set(['poll', 'moderation_warning']);

export const NEW_ACCOUNT_DAYS = 30;
export const NEW_FOLLOWER_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

export interface NotificationFacts {
  type: string;
  recipientId: string;
  /** The recipient is a local account with a usable login. */
  recipientAvailable: boolean;
  senderId: string;
  senderSilenced: boolean;
  senderCreatedAt: Date;
  recipientFollowsSender: boolean;
  /** When the sender started following the recipient, or null. */
  senderFollowsRecipientSince: Date | null;
  recipientBlocksSender: boolean;
  /** A live mute of the sender that hides notifications. */
  recipientMutesSenderNotifications: boolean;
  recipientBlocksSenderDomain: boolean;
  /** The notification's status is in a thread the recipient muted. */
  conversationMuted: boolean;
  /** For mentions: another account it involves is blocked or muted (with notifications). */
  mentionInvolvesBlockedOrMuted: boolean;
  /** For mentions: the status is direct. */
  directMention: boolean;
  /** For direct mentions: it answers a direct status of the recipient mentioning the sender. */
  answersRecipient: boolean;
  /** The recipient accepted this sender's notifications before. */
  senderAccepted: boolean;
  policy: NotificationPolicyRules;
  now: Date;
}

export function decideNotification(facts: NotificationFacts): NotificationDecision {
  if (!facts.recipientAvailable) return 'drop';
  // A warning comes from the warned account itself (Mastodon's from_account), as do poll ends.
  if (facts.senderId === facts.recipientId && !SELF_NOTIFICATION_TYPES.has(facts.type)) {
    return 'drop';
  }
  if (facts.recipientBlocksSender || facts.recipientMutesSenderNotifications) return 'drop';
  if (facts.recipientBlocksSenderDomain && !facts.recipientFollowsSender) return 'drop';
  if (facts.conversationMuted) return 'drop';
  if (facts.type === 'mention') {
    if (facts.mentionInvolvesBlockedOrMuted) return 'drop';
    if (facts.senderSilenced && !facts.recipientFollowsSender) return 'drop';
  }
  if (UNFILTERABLE_NOTIFICATION_TYPES.has(facts.type) || facts.senderAccepted) return 'accept';

  const applies = policyRulesThatApply(facts);
  if (applies.some((action) => action === 'drop')) return 'drop';
  if (applies.some((action) => action === 'filter')) return 'filter';
  return 'accept';
}

/** The actions of the policy rules whose condition holds for this notification. */
function policyRulesThatApply(facts: NotificationFacts): PolicyRuleAction[] {
  const notFollowing = !facts.recipientFollowsSender;
  const since = facts.senderFollowsRecipientSince;
  const notFollower =
    since === null || since.getTime() > facts.now.getTime() - NEW_FOLLOWER_DAYS * DAY_MS;
  const newAccount =
    facts.senderCreatedAt.getTime() > facts.now.getTime() - NEW_ACCOUNT_DAYS * DAY_MS;
  const privateMention = facts.type === 'mention' && facts.directMention && !facts.answersRecipient;
  const actions: PolicyRuleAction[] = [];
  if (facts.senderSilenced && notFollowing) actions.push(facts.policy.forLimitedAccounts);
  if (notFollowing) actions.push(facts.policy.forNotFollowing);
  if (notFollower) actions.push(facts.policy.forNotFollowers);
  if (newAccount && notFollowing) actions.push(facts.policy.forNewAccounts);
  if (privateMention && notFollowing) actions.push(facts.policy.forPrivateMentions);
  return actions;
}

/** Types grouped in the v2 API by default, and how long one group may span. */
export const GROUPABLE_NOTIFICATION_TYPES: ReadonlySet<string> = new Set([
  'favourite',
  'reblog',
  'follow',
  'admin.sign_up',
]);
export const MAXIMUM_GROUP_SPAN_HOURS = 12;

/**
 * The group a new notification joins: `<type>[-<status id>]-<hour bucket>`, reusing the
 * previous bucket of that kind while it is under MAXIMUM_GROUP_SPAN_HOURS old. Null (ungrouped)
 * for other types and for filtered notifications. Returns the bucket to remember too.
 */
export function notificationGroup(
  type: string,
  statusId: string | null,
  filtered: boolean,
  createdAt: Date,
  previousBucket: number | null,
): { prefix: string; bucket: number; key: string } | null {
  if (filtered || !GROUPABLE_NOTIFICATION_TYPES.has(type)) return null;
  const prefix = type === 'favourite' || type === 'reblog' ? `${type}-${statusId}` : type;
  let bucket = Math.floor(createdAt.getTime() / 3_600_000);
  if (previousBucket !== null && bucket < previousBucket + MAXIMUM_GROUP_SPAN_HOURS) {
    bucket = previousBucket;
  }
  return { prefix, bucket, key: `${prefix}-${bucket}` };
}
