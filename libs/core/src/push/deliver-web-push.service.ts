import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { StatusRepository, WebPushSubscriptionRepository } from '@nestodon/domain';
import { BlockedAddressError, SafeHttpClient } from '@nestodon/platform';
import { NotificationPresenter } from '@nestodon/serializers';
import webpush from 'web-push';
import { AccessTokenSealer } from './access-token-sealer';
import { webPushPayload } from './web-push-payload';

export type WebPushOutcome = 'sent' | 'dropped' | 'unsubscribed';

/** How long a push service keeps an undelivered message, and its urgency (Mastodon's). */
const TTL_SECONDS = 48 * 3600;
const URGENCY = 'normal';

/** Push service answers that will not change on retry: the subscription is gone or refused. */
const isPermanentRefusal = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

/**
 * Sends one notification to one subscription (the worker's push queue): renders the
 * notification for its recipient, encrypts Mastodon's payload for the device (RFC 8291
 * aes128gcm, or legacy aesgcm for non-standard subscriptions), signs with VAPID, and posts it
 * through the outbound client. A push service that answers 404, 410 or another lasting 4xx
 * (or an endpoint resolving to a private address) removes the subscription; other failures throw,
 * so the job is retried with backoff. Requests go through the one SSRF-safe client.
 */
@Injectable()
export class DeliverWebPushService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: WebPushSubscriptionRepository,
    private readonly statuses: StatusRepository,
    private readonly presenter: NotificationPresenter,
    private readonly sealer: AccessTokenSealer,
    private readonly http: SafeHttpClient,
  ) {}

  async call(subscriptionId: string, notificationId: string): Promise<WebPushOutcome> {
    const vapid = this.config.push.vapid;
    if (!vapid) return 'dropped';
    const delivery = await this.subscriptions.delivery(subscriptionId, notificationId);
    if (!delivery) return 'dropped';
    const { subscription, notification, sender } = delivery;
    const statuses = notification.statusId
      ? await this.statuses.findWithRelations([notification.statusId])
      : [];
    const [json] = await this.presenter.presentMany(
      [notification],
      new Map([[sender.id, sender]]),
      new Map(statuses.map((status) => [status.id, status])),
      { id: notification.accountId },
    );
    if (!json) return 'dropped';
    const payload = webPushPayload(
      json,
      this.sealer.open(subscription.accessTokenCiphertext) ?? '',
      delivery.locale ?? this.config.instance.languages[0] ?? 'en',
    );
    const request = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keyP256dh, auth: subscription.keyAuth },
      },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: this.config.push.subject, ...vapid },
        TTL: TTL_SECONDS,
        urgency: URGENCY,
        contentEncoding: subscription.standard ? 'aes128gcm' : 'aesgcm',
      },
    );
    let status: number;
    try {
      const response = await this.http.fetch(request.endpoint, {
        method: request.method,
        headers: request.headers,
        body: request.body ?? undefined,
        redirect: 'error',
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      // An endpoint that resolves to a private address will never be pushed to.
      if (!(error instanceof BlockedAddressError)) throw error;
      status = 400;
    }
    if (status >= 200 && status < 300) return 'sent';
    if (isPermanentRefusal(status)) {
      await this.subscriptions.deleteById(subscription.id);
      return 'unsubscribed';
    }
    throw new Error(`push service answered ${status}`);
  }
}
