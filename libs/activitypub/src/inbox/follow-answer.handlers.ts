import type { InboxContext } from '@fedify/fedify';
import { Accept, Follow, Reject } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { AuthorizeFollowService, RejectFollowService, UnfollowService } from '@nestodon/core';
import type { Account } from '@nestodon/domain';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/**
 * The local follower of the Follow an Accept or Reject answers, when the signer is its target.
 * The Follow comes embedded with our own id, which Fedify would otherwise refetch from us (and
 * not find): it is taken as sent, as it only names a pair the signer is part of.
 */
async function answeredFollower(
  lookups: InboundLookups,
  ctx: InboxContext<unknown>,
  answer: Accept | Reject,
): Promise<{ signer: Account; follower: Account } | null> {
  const follow = await answer
    .getObject({
      documentLoader: ctx.documentLoader,
      contextLoader: ctx.contextLoader,
      crossOrigin: 'trust',
    })
    .catch(() => null);
  if (!(follow instanceof Follow)) return null;
  const [signer, follower] = await Promise.all([
    lookups.signer(ctx, answer),
    lookups.localAccount(ctx, follow.actorId),
  ]);
  if (!signer || !follower || follow.objectId?.href !== signer.uri) return null;
  return { signer, follower };
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
