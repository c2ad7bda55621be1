/** What core reports of a notification policy (rules and pending counts). */
export interface NotificationPolicyFacts {
  forNotFollowing: string;
  forNotFollowers: string;
  forNewAccounts: string;
  forPrivateMentions: string;
  forLimitedAccounts: string;
  pendingRequestsCount: number;
  pendingNotificationsCount: number;
}

export interface NotificationPolicySummaryJson {
  pending_requests_count: number;
  pending_notifications_count: number;
}

/** Mastodon's NotificationPolicy (v2). */
export interface NotificationPolicyJson {
  for_not_following: string;
  for_not_followers: string;
  for_new_accounts: string;
  for_private_mentions: string;
  for_limited_accounts: string;
  summary: NotificationPolicySummaryJson;
}

/** Mastodon's V1::NotificationPolicy: each rule as "filtered or not". */
export interface NotificationPolicyV1Json {
  filter_not_following: boolean;
  filter_not_followers: boolean;
  filter_new_accounts: boolean;
  filter_private_mentions: boolean;
  summary: NotificationPolicySummaryJson;
}

const summary = (policy: NotificationPolicyFacts): NotificationPolicySummaryJson => ({
  pending_requests_count: policy.pendingRequestsCount,
  pending_notifications_count: policy.pendingNotificationsCount,
});

export function serializeNotificationPolicy(
  policy: NotificationPolicyFacts,
): NotificationPolicyJson {
  return {
    for_not_following: policy.forNotFollowing,
    for_not_followers: policy.forNotFollowers,
    for_new_accounts: policy.forNewAccounts,
    for_private_mentions: policy.forPrivateMentions,
    for_limited_accounts: policy.forLimitedAccounts,
    summary: summary(policy),
  };
}

export function serializeNotificationPolicyV1(
  policy: NotificationPolicyFacts,
): NotificationPolicyV1Json {
  return {
    filter_not_following: policy.forNotFollowing !== 'accept',
    filter_not_followers: policy.forNotFollowers !== 'accept',
    filter_new_accounts: policy.forNewAccounts !== 'accept',
    filter_private_mentions: policy.forPrivateMentions !== 'accept',
    summary: summary(policy),
  };
}
