import { Injectable } from '@nestjs/common';
import { Account, BlockRepository } from '@nestodon/domain';
import { requireDomain } from './require-domain';

/** Lifts a user-level domain block (nothing happens when there was none). */
@Injectable()
export class UnblockDomainService {
  constructor(private readonly blocks: BlockRepository) {}

  async call(account: Pick<Account, 'id'>, input: string): Promise<boolean> {
    return this.blocks.deleteDomainBlock(account.id, requireDomain(input));
  }
}
