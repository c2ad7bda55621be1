import { Injectable } from '@nestjs/common';
import {
  Account,
  NotificationPolicyRepository,
  POLICY_ACTION_NAMES,
  PolicyActionName,
  ValidationError,
} from '@nestodon/domain';
import { NotificationPolicyRules } from '@nestodon/policies';
import { NotificationPolicyQueries, NotificationPolicyView } from './notification-policy-queries';
import { policyActions } from './notification-policy-rules';

const PARAMETERS: Record<keyof NotificationPolicyRules, string> = {
  forNotFollowing: 'for not following',
  forNotFollowers: 'for not followers',
  forNewAccounts: 'for new accounts',
  forPrivateMentions: 'for private mentions',
  forLimitedAccounts: 'for limited accounts',
};

/** Changes the rules given of a user's notification policy (accept, filter or drop each). */
@Injectable()
export class UpdateNotificationPolicyService {
  constructor(
    private readonly policies: NotificationPolicyRepository,
    private readonly queries: NotificationPolicyQueries,
  ) {}

  async call(
    viewer: Pick<Account, 'id'>,
    changes: Partial<Record<keyof NotificationPolicyRules, string>>,
  ): Promise<NotificationPolicyView> {
    const current = await this.queries.show(viewer);
    const next: NotificationPolicyRules = {
      forNotFollowing: current.forNotFollowing,
      forNotFollowers: current.forNotFollowers,
      forNewAccounts: current.forNewAccounts,
      forPrivateMentions: current.forPrivateMentions,
      forLimitedAccounts: current.forLimitedAccounts,
    };
    for (const [key, value] of Object.entries(changes) as Array<
      [keyof NotificationPolicyRules, string | undefined]
    >) {
      if (value === undefined) continue;
      if (!(POLICY_ACTION_NAMES as readonly string[]).includes(value)) {
        throw new ValidationError(
          `Validation failed: ${PARAMETERS[key]} must be one of accept, filter, drop`,
        );
      }
      next[key] = value as PolicyActionName;
    }
    await this.policies.save(viewer.id, policyActions(next));
    return this.queries.show(viewer);
  }
}
