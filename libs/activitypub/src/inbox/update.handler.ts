import type { InboxContext } from '@fedify/fedify';
import { isActor, Update } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { InboundLookups } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';
import { RemoteActors } from './remote-actors';
import { embeddedSource, isStatusObject, RemoteStatuses } from './remote-statuses';

/**
 * A remote account updates its profile (the actor is fetched again from its origin, as the
 * embedded copy is the signer's word only) or edits one of its statuses (history kept).
 */
@Injectable()
export class UpdateHandler implements InboxHandler<Update> {
  readonly activityType = Update;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly remoteActors: RemoteActors,
    private readonly statuses: RemoteStatuses,
  ) {}

  async handle(ctx: InboxContext<unknown>, update: Update): Promise<void> {
    const [author, object] = await Promise.all([
      this.lookups.signer(ctx, update),
      update.getObject(ctx),
    ]);
    if (!author?.uri || !object?.id) return;
    if (isActor(object)) {
      if (object.id.href === author.uri) await this.remoteActors.fetch(author.uri, ctx);
      return;
    }
    if (!isStatusObject(object) || object.attributionId?.href !== author.uri) return;
    const status = await this.lookups.status(ctx, object.id);
    if (status) {
      await this.statuses.edit(
        ctx,
        object,
        author,
        status,
        await embeddedSource(update, object.id, ctx),
      );
    }
  }
}
