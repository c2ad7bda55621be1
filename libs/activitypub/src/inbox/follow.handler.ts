import { createHash } from 'node:crypto';
import type { InboxContext } from '@fedify/fedify';
import { Follow } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { ActivityOutbox, FollowService } from '@nestodon/core';
import {
  Account,
  DomainError,
  NotPermittedError,
  RecordNotFoundError,
  RelationshipsRepository,
} from '@nestodon/domain';
import { InboundLookups } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/**
 * A remote account follows a local one: at once when unlocked, as a follow request when
 * locked. A follow the local account may not be given (it blocks the follower or its domain,
 * either blocks the other, it moved away or is gone) is answered with a Reject, as Mastodon
 * does, so the remote server does not leave it pending for ever.
 */
@Injectable()
export class FollowHandler implements InboxHandler<Follow> {
  readonly activityType = Follow;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly follows: FollowService,
    private readonly outbox: ActivityOutbox,
    private readonly relationships: RelationshipsRepository,
  ) {}

  async handle(ctx: InboxContext<unknown>, follow: Follow): Promise<void> {
    const [follower, target] = await Promise.all([
      this.lookups.signer(ctx, follow),
      this.lookups.localAccount(ctx, follow.objectId),
    ]);
    if (!follower || !target || !follow.id) return;
    const uri = follow.id.href;
    // Mastodon refuses a follower whose domain the local account blocks (FollowService checks
    // the other way round, for local follows).
    const { domainBlocking } = await this.relationships.between(target.id, follower.id);
    if (domainBlocking || !(await this.follow(follower, target, uri))) {
      // No row names a refused Follow: the Reject's id is derived from the Follow's.
      const id = createHash('sha256').update(uri).digest('hex').slice(0, 16);
      await this.outbox.answerFollow('reject_follow', target, follower, { id, uri });
    }
  }

  /** Whether the follow (or request) was made; false when the target refuses the follower. */
  private async follow(follower: Account, target: Account, uri: string): Promise<boolean> {
    try {
      // Remote follows are not counted against the follower's limits here: its server counts.
      await this.follows.call(follower, target, { bypassLimit: true, uri });
      return true;
    } catch (error) {
      if (error instanceof NotPermittedError || error instanceof RecordNotFoundError) return false;
      // Other refusals (a gone account…) are dropped, as every handler does.
      if (error instanceof DomainError) return true;
      throw error;
    }
  }
}
