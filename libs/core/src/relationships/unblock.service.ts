import { Injectable } from '@nestjs/common';
import { Account, BlockRepository } from '@nestodon/domain';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Lifts a block (nothing comes back: follows severed by the block stay severed).
 * A remote target is sent Undo(Block) after commit (ActivityOutbox).
 */
@Injectable()
export class UnblockService {
  constructor(
    private readonly blocks: BlockRepository,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    source: Pick<Account, 'id' | 'domain'>,
    target: Pick<Account, 'id' | 'domain'>,
  ): Promise<boolean> {
    const blockId = await this.blocks.deleteBlock(source.id, target.id);
    if (blockId) await this.outbox.changeBlock('unblock', source, target, blockId);
    return blockId !== null;
  }
}
