import type { InboxContext } from '@fedify/fedify';
import { Add, Remove } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { PinStatusService, UnpinStatusService } from '@nestodon/core';
import type { Account, Status } from '@nestodon/domain';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';
import { RemoteStatuses } from './remote-statuses';

/** The signer's own status an Add or Remove on its featured collection is about. */
async function featuredStatus(
  lookups: InboundLookups,
  statuses: RemoteStatuses,
  ctx: InboxContext<unknown>,
  activity: Add | Remove,
): Promise<{ account: Account; status: Status } | null> {
  const account = await lookups.signer(ctx, activity);
  if (!account?.featuredCollectionUrl || !activity.objectId) return null;
  if (activity.targetId?.href !== account.featuredCollectionUrl) return null;
  const status =
    (await lookups.status(ctx, activity.objectId)) ??
    (activity instanceof Add
      ? await statuses.fetch(ctx, activity.objectId.href).catch(() => null)
      : null);
  return status && status.accountId === account.id ? { account, status } : null;
}

/** A remote account pins one of its statuses (Add to its featured collection). */
@Injectable()
export class AddHandler implements InboxHandler<Add> {
  readonly activityType = Add;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly statuses: RemoteStatuses,
    private readonly pin: PinStatusService,
  ) {}

  async handle(ctx: InboxContext<unknown>, add: Add): Promise<void> {
    const found = await featuredStatus(this.lookups, this.statuses, ctx, add);
    if (found) await unlessRefused(this.pin.call(found.account, found.status.id));
  }
}

/** A remote account unpins one of its statuses (Remove from its featured collection). */
@Injectable()
export class RemoveHandler implements InboxHandler<Remove> {
  readonly activityType = Remove;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly statuses: RemoteStatuses,
    private readonly unpin: UnpinStatusService,
  ) {}

  async handle(ctx: InboxContext<unknown>, remove: Remove): Promise<void> {
    const found = await featuredStatus(this.lookups, this.statuses, ctx, remove);
    if (found) await unlessRefused(this.unpin.call(found.account, found.status.id));
  }
}
