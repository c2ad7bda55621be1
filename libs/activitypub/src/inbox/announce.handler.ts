import type { InboxContext } from '@fedify/fedify';
import { Announce } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { ReblogStatusService } from '@nestodon/core';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';
import { RemoteStatuses } from './remote-statuses';

/**
 * A remote account boosts a status: ours, one stored here, or one fetched from its origin
 * (never the copy embedded in the Announce, which its sender could have forged).
 */
@Injectable()
export class AnnounceHandler implements InboxHandler<Announce> {
  readonly activityType = Announce;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly remoteStatuses: RemoteStatuses,
    private readonly reblogs: ReblogStatusService,
  ) {}

  async handle(ctx: InboxContext<unknown>, announce: Announce): Promise<void> {
    const account = await this.lookups.signer(ctx, announce);
    if (!account || !announce.objectId) return;
    const status =
      (await this.lookups.status(ctx, announce.objectId)) ??
      (await this.remoteStatuses.fetch(ctx, announce.objectId.href));
    if (status) {
      await unlessRefused(this.reblogs.call(account, status.id, { visibility: 'public' }));
    }
  }
}
