import type { InboxContext } from '@fedify/fedify';
import { Accept, Reject } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { AuthorizeFollowService, RejectFollowService, UnfollowService } from '@nestodon/core';
import type { Account } from '@nestodon/domain';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/**
 * The local follower of the Follow an Accept or Reject answers, the signer being its target.
 * The Follow is ours, so its id (`<actor>#follows/<n>`, quoted back bare or embedded) names
 * the follower: it is read, not fetched. (Fedify would refetch an embedded copy, being of
 * another origin than the answer, and our actor is what that id fetches.) Only the signer's
 * answer to a follow of the signer is acted on, whatever else the copy says.
 */
async function answeredFollower(
  lookups: InboundLookups,
  ctx: InboxContext<unknown>,
  answer: Accept | Reject,
): Promise<{ signer: Account; follower: Account } | null> {
  const [signer, follower] = await Promise.all([
    lookups.signer(ctx, answer),
    lookups.localAccount(ctx, answer.objectId),
  ]);
  return signer && follower ? { signer, follower } : null;
}

/** A remote account accepts a local account's follow request: the follow begins. */
@Injectable()
export class AcceptHandler implements InboxHandler<Accept> {
  readonly activityType = Accept;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly authorize: AuthorizeFollowService,
  ) {}

  async handle(ctx: InboxContext<unknown>, accept: Accept): Promise<void> {
    const answered = await answeredFollower(this.lookups, ctx, accept);
    if (answered) {
      await unlessRefused(this.authorize.call(answered.follower, answered.signer));
    }
  }
}

/** A remote account rejects a local account's follow (pending, or already accepted). */
@Injectable()
export class RejectHandler implements InboxHandler<Reject> {
  readonly activityType = Reject;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly reject: RejectFollowService,
    private readonly unfollow: UnfollowService,
  ) {}

  async handle(ctx: InboxContext<unknown>, reject: Reject): Promise<void> {
    const answered = await answeredFollower(this.lookups, ctx, reject);
    if (!answered) return;
    await unlessRefused(this.reject.call(answered.follower, answered.signer));
    await this.unfollow.call(answered.follower, answered.signer);
  }
}
