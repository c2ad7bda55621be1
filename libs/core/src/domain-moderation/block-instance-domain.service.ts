import { Injectable } from '@nestjs/common';
import {
  DomainBlock,
  DomainBlockRepository,
  DomainBlockValues,
  normalizeDomain,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { domainVerdict, isStricterThan } from '@nestodon/policies';
import { ActionLog } from '../admin/action-log';
import { Moderator } from '../admin/moderator';
import { DomainModerationQueries } from './domain-moderation-queries';

/** 422 naming the block that already covers the domain at least as strictly. */
export class ExistingDomainBlockError extends ValidationError {
  constructor(readonly existing: DomainBlock) {
    super(`A domain block for ${existing.domain} already exists`);
  }
}

/**
 * Blocks a server for the whole instance (Mastodon's DomainBlock + BlockDomainService): the
 * accounts there already known are silenced or suspended with it, in the same transaction;
 * when its media are rejected, the copies of its media and its emojis are cleared after.
 * A block of the same domain, or of a parent at least as strict, is a 422 naming it.
 * Federation joins here: purge the domain's content and stop deliveries for `suspend`.
 */
@Injectable()
export class BlockInstanceDomainService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly blocks: DomainBlockRepository,
    private readonly queries: DomainModerationQueries,
    private readonly log: ActionLog,
    private readonly jobs: JobQueue,
  ) {}

  async call(
    moderator: Moderator | null,
    input: string,
    values: DomainBlockValues,
  ): Promise<DomainBlock> {
    const domain = normalizeDomain(input);
    if (!domain) throw new ValidationError('Validation failed: Domain is not a valid domain name');
    const existing = await this.queries.blockRuling(domain);
    if (existing && (existing.domain === domain || !isStricterThan(values, existing))) {
      throw new ExistingDomainBlockError(existing);
    }
    const created = await this.transactions.run(async (tx) => {
      const block = await this.blocks.insert(domain, values, tx);
      await this.blocks.applyToAccounts(block, tx);
      await this.log.record(
        moderator,
        'create',
        { type: 'DomainBlock', id: block.id, name: domain },
        tx,
      );
      return block;
    });
    // Its media copies and emojis go, in the worker.
    if (domainVerdict(created, false).rejectMedia) {
      await this.jobs.enqueue(JobName.ClearDomainMedia, { domain });
    }
    return created;
  }
}
