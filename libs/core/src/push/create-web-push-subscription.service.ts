import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { WebPushSubscription, WebPushSubscriptionRepository } from '@nestodon/domain';
import { AccessTokenSealer } from './access-token-sealer';
import {
  parseSubscriptionData,
  parseSubscriptionTarget,
  SubscriptionDataParams,
  SubscriptionParams,
} from './web-push-params';

/** Plain http and private push endpoints: development and test, with ALLOW_PRIVATE_ADDRESS. */
export const allowsPrivateEndpoints = (config: AppConfig) =>
  config.env !== 'production' && config.outbound.allowPrivateAddress;

/** The token a subscription belongs to, as the request presented it. */
export interface PushSubscriber {
  tokenId: string;
  token: string;
  userId: string;
}

/**
 * POST /api/v1/push/subscription: subscribes the token's device, replacing its previous
 * subscription. Endpoints must be https on public addresses (plain http and private addresses
 * only in test and development, see allowsPrivateEndpoints).
 */
@Injectable()
export class CreateWebPushSubscriptionService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly subscriptions: WebPushSubscriptionRepository,
    private readonly sealer: AccessTokenSealer,
  ) {}

  call(
    subscriber: PushSubscriber,
    subscription: SubscriptionParams | undefined,
    data: SubscriptionDataParams | undefined,
  ): Promise<WebPushSubscription> {
    const target = parseSubscriptionTarget(subscription, allowsPrivateEndpoints(this.config));
    return this.subscriptions.replaceForToken({
      ...target,
      ...parseSubscriptionData(data),
      accessTokenId: subscriber.tokenId,
      userId: subscriber.userId,
      accessTokenCiphertext: this.sealer.seal(subscriber.token),
    });
  }
}
