import {
  NotificationPolicyActions,
  POLICY_ACTION_NAMES,
  PolicyAction,
  PolicyActionName,
} from '@nestodon/domain';
import { DEFAULT_NOTIFICATION_POLICY, NotificationPolicyRules } from '@nestodon/policies';

type StoredActions = { [K in keyof NotificationPolicyActions]: PolicyAction | null };

/** A stored policy as named rules; Mastodon's defaults where there is none. */
export function policyRules(stored: StoredActions | null): NotificationPolicyRules {
  const rules = { ...DEFAULT_NOTIFICATION_POLICY };
  if (!stored) return rules;
  for (const key of Object.keys(rules) as Array<keyof NotificationPolicyRules>) {
    const code = stored[key];
    if (code !== null) rules[key] = POLICY_ACTION_NAMES[code] ?? rules[key];
  }
  return rules;
}

/** Named rules as stored codes. */
export function policyActions(rules: NotificationPolicyRules): NotificationPolicyActions {
  const code = (name: PolicyActionName) => POLICY_ACTION_NAMES.indexOf(name) as PolicyAction;
  return {
    forNotFollowing: code(rules.forNotFollowing),
    forNotFollowers: code(rules.forNotFollowers),
    forNewAccounts: code(rules.forNewAccounts),
    forPrivateMentions: code(rules.forPrivateMentions),
    forLimitedAccounts: code(rules.forLimitedAccounts),
  };
}
