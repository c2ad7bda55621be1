import type { InboxContext } from '@fedify/fedify';
import { Block } from '@fedify/vocab';
import { Injectable } from '@nestjs/common';
import { BlockService } from '@nestodon/core';
import { InboundLookups, unlessRefused } from './inbound-lookups';
import type { InboxHandler } from './inbox-handler';

/** A remote account blocks a local one: follows both ways end, as for a local block. */
@Injectable()
export class BlockHandler implements InboxHandler<Block> {
  readonly activityType = Block;

  constructor(
    private readonly lookups: InboundLookups,
    private readonly blocks: BlockService,
  ) {}

  async handle(ctx: InboxContext<unknown>, block: Block): Promise<void> {
    const [account, target] = await Promise.all([
      this.lookups.signer(ctx, block),
      this.lookups.localAccount(ctx, block.objectId),
    ]);
    if (account && target) await unlessRefused(this.blocks.call(account, target));
  }
}
