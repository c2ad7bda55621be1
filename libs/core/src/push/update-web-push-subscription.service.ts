import { Injectable } from '@nestjs/common';
import {
  RecordNotFoundError,
  WebPushSubscription,
  WebPushSubscriptionRepository,
} from '@nestodon/domain';
import { parseSubscriptionData, SubscriptionDataParams } from './web-push-params';

/** PUT /api/v1/push/subscription: new alerts and policy for the token's subscription. */
@Injectable()
export class UpdateWebPushSubscriptionService {
  constructor(private readonly subscriptions: WebPushSubscriptionRepository) {}

  async call(
    tokenId: string,
    data: SubscriptionDataParams | undefined,
  ): Promise<WebPushSubscription> {
    const existing = await this.subscriptions.forToken(tokenId);
    if (!existing) throw new RecordNotFoundError();
    return (await this.subscriptions.updateData(tokenId, parseSubscriptionData(data)))!;
  }
}
