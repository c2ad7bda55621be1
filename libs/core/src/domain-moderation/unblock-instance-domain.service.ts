import { Injectable } from '@nestjs/common';
import { DomainBlockRepository, TransactionRunner } from '@nestodon/domain';
import { ActionLog } from '../admin/action-log';
import { Moderator } from '../admin/moderator';
import { DomainModerationQueries } from './domain-moderation-queries';

/** Lifts a domain block: the accounts it silenced or suspended are restored. */
@Injectable()
export class UnblockInstanceDomainService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly blocks: DomainBlockRepository,
    private readonly queries: DomainModerationQueries,
    private readonly log: ActionLog,
  ) {}

  async call(moderator: Moderator, id: string): Promise<void> {
    const block = await this.queries.blockById(id);
    await this.transactions.run(async (tx) => {
      await this.blocks.liftFromAccounts(block, tx);
      await this.blocks.delete(block.id, tx);
      await this.log.record(
        moderator,
        'destroy',
        { type: 'DomainBlock', id: block.id, name: block.domain },
        tx,
      );
    });
  }
}
