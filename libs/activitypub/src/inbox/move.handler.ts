import type { InboxContext } from '@fedify/fedify';
import { Move } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { MoveAccountService } from '@nestodon/core';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';
import { RemoteActorError, RemoteActors } from './remote-actors';

/**
 * A remote account moves to another (Mastodon's account migration): only the account itself
 * can announce its move, and the target is fetched afresh from its origin, as its
 * `alsoKnownAs` must name the account that moves (MoveAccountService checks it).
 */
@Injectable()
export class MoveHandler implements InboxHandler<Move> {
  readonly activityType = Move;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly remoteActors: RemoteActors,
    private readonly move: MoveAccountService,
  ) {}

  async handle(ctx: InboxContext<unknown>, move: Move): Promise<void> {
    const origin = await this.lookups.signer(ctx, move);
    const targetId = move.targetId;
    if (!origin?.uri || move.objectId?.href !== origin.uri || !targetId) return;
    const target =
      (await this.lookups.localAccount(ctx, targetId)) ??
      (await this.remoteActors.fetch(targetId.href, ctx).catch((error: unknown) => {
        if (error instanceof RemoteActorError) return null;
        throw error;
      }));
    if (target) await unlessRefused(this.move.call(origin, target));
  }
}
