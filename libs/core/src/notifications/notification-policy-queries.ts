import { Injectable } from '@nestjs/common';
import { Account, NotificationPolicyRepository } from '@nestodon/domain';
import { NotificationPolicyRules } from '@nestodon/policies';
import { policyRules } from './notification-policy-rules';

/** Counts above this are reported as this (Mastodon's MAX_MEANINGFUL_COUNT). */
export const MAX_MEANINGFUL_COUNT = 100;

export interface NotificationPolicyView extends NotificationPolicyRules {
  pendingRequestsCount: number;
  pendingNotificationsCount: number;
}

/** A user's notification policy (defaults until first changed) with what it holds back. */
@Injectable()
export class NotificationPolicyQueries {
  constructor(private readonly policies: NotificationPolicyRepository) {}

  async show(viewer: Pick<Account, 'id'>): Promise<NotificationPolicyView> {
    const summary = await this.policies.summary(viewer.id, MAX_MEANINGFUL_COUNT);
    return {
      ...policyRules(summary.policy),
      pendingRequestsCount: summary.pendingRequestsCount,
      pendingNotificationsCount: summary.pendingNotificationsCount,
    };
  }
}
