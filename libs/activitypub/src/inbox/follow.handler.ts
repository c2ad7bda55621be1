import type { InboxContext } from '@fedify/fedify';
import { Follow } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { FollowService } from '@nestodon/core';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/**
 * A remote account follows a local one: at once when unlocked, as a follow request when
 * locked; refused when either blocks the other (the Reject goes out with outbound delivery).
 */
@Injectable()
export class FollowHandler implements InboxHandler<Follow> {
  readonly activityType = Follow;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly follows: FollowService,
  ) {}

  async handle(ctx: InboxContext<unknown>, follow: Follow): Promise<void> {
    const [follower, target] = await Promise.all([
      this.lookups.signer(ctx, follow),
      this.lookups.localAccount(ctx, follow.objectId),
    ]);
    if (!follower || !target) return;
    // Remote follows are not counted against the follower's limits here: its server counts.
    await unlessRefused(this.follows.call(follower, target, { bypassLimit: true }));
  }
}
