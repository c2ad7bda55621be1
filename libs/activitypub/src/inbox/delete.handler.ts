import type { InboxContext } from '@fedify/fedify';
import { Delete } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { DeleteAccountService, RemoveStatusService } from '@nestodon/core';
import { StatusRepository, TombstoneRepository } from '@nestodon/domain';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/**
 * A remote account deletes one of its statuses: removed as a local deletion is (feeds,
 * counters, notifications). A status not seen yet leaves a tombstone, so that its Create,
 * arriving late, is ignored. Only objects on the signer's own origin can be deleted by it.
 * Deleting the actor itself deletes its account here: statuses, media, follows and the rest.
 */
@Injectable()
export class DeleteHandler implements InboxHandler<Delete> {
  readonly activityType = Delete;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly statuses: StatusRepository,
    private readonly tombstones: TombstoneRepository,
    private readonly remove: RemoveStatusService,
    private readonly deleteAccount: DeleteAccountService,
  ) {}

  async handle(ctx: InboxContext<unknown>, deletion: Delete): Promise<void> {
    const account = await this.lookups.signer(ctx, deletion);
    const objectId = deletion.objectId;
    if (!account?.uri || !objectId || objectId.origin !== new URL(account.uri).origin) return;
    if (objectId.href === account.uri) return this.deleteAccount.call(account);
    const status = await this.statuses.findByUri(objectId.href);
    if (!status) return this.tombstones.insert(objectId.href, account.id);
    if (status.accountId !== account.id || status.deleted) return;
    await unlessRefused(this.remove.call(account, status.id));
  }
}
