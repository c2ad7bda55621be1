import { Injectable } from '@nestjs/common';
import { WebPushSubscriptionRepository } from '@nestodon/domain';

/** DELETE /api/v1/push/subscription: the token's device gets no more pushes. */
@Injectable()
export class RemoveWebPushSubscriptionService {
  constructor(private readonly subscriptions: WebPushSubscriptionRepository) {}

  call(tokenId: string): Promise<void> {
    return this.subscriptions.deleteForToken(tokenId);
  }
}
