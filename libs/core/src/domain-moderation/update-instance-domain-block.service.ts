import { Injectable } from '@nestjs/common';
import {
  DomainBlock,
  DomainBlockRepository,
  DomainBlockValues,
  TransactionRunner,
} from '@nestodon/domain';
import { domainVerdict } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { ActionLog } from '../admin/action-log';
import { Moderator } from '../admin/moderator';
import { DomainModerationQueries } from './domain-moderation-queries';

/**
 * Changes a domain block; a new severity first lifts the old one's effect on accounts. Media
 * rejected from now on are cleared (ClearDomainMediaService).
 */
@Injectable()
export class UpdateInstanceDomainBlockService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly blocks: DomainBlockRepository,
    private readonly queries: DomainModerationQueries,
    private readonly log: ActionLog,
    private readonly jobs: JobQueue,
  ) {}

  async call(moderator: Moderator, id: string, values: DomainBlockValues): Promise<DomainBlock> {
    const before = await this.queries.blockById(id);
    await this.transactions.run(async (tx) => {
      await this.blocks.update(before.id, values, tx);
      if (before.severity !== values.severity) {
        await this.blocks.liftFromAccounts(before, tx);
        await this.blocks.applyToAccounts({ ...before, ...values }, tx);
      }
      await this.log.record(
        moderator,
        'update',
        { type: 'DomainBlock', id: before.id, name: before.domain },
        tx,
      );
    });
    const after = await this.queries.blockById(before.id);
    if (domainVerdict(after, false).rejectMedia && !domainVerdict(before, false).rejectMedia) {
      await this.jobs.enqueue(JobName.ClearDomainMedia, { domain: after.domain });
    }
    return after;
  }
}
