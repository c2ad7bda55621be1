import type { InboxContext } from '@fedify/fedify';
import { Create } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { InboundLookups } from './inbound-lookups';
import { embeddedObjectDistrust } from './inbound-rules';
import type { InboxHandler } from './inbox-handler';
import { isStatusObject, RemoteStatuses } from './remote-statuses';

/**
 * A remote account publishes a status. The embedded object is believed only when the signer
 * is its author; otherwise (a relay, a forged copy) it is fetched from its origin instead.
 */
@Injectable()
export class CreateHandler implements InboxHandler<Create> {
  readonly activityType = Create;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly statuses: RemoteStatuses,
  ) {}

  async handle(ctx: InboxContext<unknown>, create: Create): Promise<void> {
    const [author, object] = await Promise.all([
      this.lookups.signer(ctx, create),
      create.getObject(ctx),
    ]);
    if (!author || !isStatusObject(object) || !object.id) return;
    if (embeddedObjectDistrust(create, object) === null) {
      await this.statuses.store(ctx, object, author);
    } else {
      await this.statuses.fetch(ctx, object.id.href);
    }
  }
}
