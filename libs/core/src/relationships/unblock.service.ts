import { Injectable } from '@nestjs/common';
import { Account, BlockRepository } from '@nestodon/domain';

/**
 * Lifts a block (nothing comes back: follows severed by the block stay severed).
 * Federation joins here: send Undo(Block) to a remote target after commit.
 */
@Injectable()
export class UnblockService {
  constructor(private readonly blocks: BlockRepository) {}

  call(source: Pick<Account, 'id'>, target: Pick<Account, 'id'>): Promise<boolean> {
    return this.blocks.deleteBlock(source.id, target.id);
  }
}
