import { Injectable } from '@nestjs/common';
import { WebPushSubscription, WebPushSubscriptionRepository } from '@nestodon/domain';

/** Reads of push subscriptions. */
@Injectable()
export class WebPushSubscriptionQueries {
  constructor(private readonly subscriptions: WebPushSubscriptionRepository) {}

  forToken(tokenId: string): Promise<WebPushSubscription | null> {
    return this.subscriptions.forToken(tokenId);
  }
}
