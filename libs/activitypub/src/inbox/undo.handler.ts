import type { InboxContext } from '@fedify/fedify';
import { Activity, Announce, Block, Follow, Like, Undo } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import {
  RejectFollowService,
  UnblockService,
  UnfavouriteStatusService,
  UnfollowService,
  UnreblogStatusService,
} from '@nestodon/core';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/**
 * A remote account takes back a Follow (or its pending request), Like, Announce or Block.
 * Only the undone activity's own actor may undo it.
 */
@Injectable()
export class UndoHandler implements InboxHandler<Undo> {
  readonly activityType = Undo;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly unfollow: UnfollowService,
    private readonly withdrawRequest: RejectFollowService,
    private readonly unfavourite: UnfavouriteStatusService,
    private readonly unreblog: UnreblogStatusService,
    private readonly unblock: UnblockService,
  ) {}

  async handle(ctx: InboxContext<unknown>, undo: Undo): Promise<void> {
    const undone = await undo.getObject(ctx).catch(() => null);
    const account = await this.lookups.signer(ctx, undo);
    if (!(undone instanceof Activity) || !account || undone.actorId?.href !== account.uri) return;
    if (undone instanceof Follow || undone instanceof Block) {
      const target = await this.lookups.localAccount(ctx, undone.objectId);
      if (!target) return;
      if (undone instanceof Block) {
        await this.unblock.call(account, target);
        return;
      }
      await this.unfollow.call(account, target);
      await unlessRefused(this.withdrawRequest.call(account, target));
    } else if (undone instanceof Like || undone instanceof Announce) {
      const status = await this.lookups.status(ctx, undone.objectId);
      if (!status) return;
      const service = undone instanceof Like ? this.unfavourite : this.unreblog;
      await unlessRefused(service.call(account, status.id));
    }
  }
}
