import type { InboxContext } from '@fedify/fedify';
import { Like } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { FavouriteStatusService } from '@nestodon/core';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/** A remote account favourites a status it may see (the same rules as the REST API). */
@Injectable()
export class LikeHandler implements InboxHandler<Like> {
  readonly activityType = Like;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly favourites: FavouriteStatusService,
  ) {}

  async handle(ctx: InboxContext<unknown>, like: Like): Promise<void> {
    const [account, status] = await Promise.all([
      this.lookups.signer(ctx, like),
      this.lookups.status(ctx, like.objectId),
    ]);
    if (account && status) await unlessRefused(this.favourites.call(account, status.id));
  }
}
