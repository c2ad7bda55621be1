import { NOTIFICATION_TYPES, PushPolicy, WebPushSubscription } from '@nestodon/domain';

/** Mastodon's WebPushSubscription. */
export interface WebPushSubscriptionJson {
  id: string;
  endpoint: string;
  standard: boolean;
  alerts: Record<string, boolean>;
  policy: PushPolicy;
  server_key: string;
}

export function serializeWebPushSubscription(
  subscription: WebPushSubscription,
  serverKey: string,
): WebPushSubscriptionJson {
  return {
    id: String(subscription.id),
    endpoint: subscription.endpoint,
    standard: subscription.standard,
    alerts: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, subscription.alerts[type] === true]),
    ),
    policy: subscription.policy,
    server_key: serverKey,
  };
}
