import { Injectable } from '@nestjs/common';
import { FeedPruner } from './feed-pruner';

/**
 * After a domain block (JobName.AfterDomainBlock): statuses and reblogged statuses by accounts
 * of that domain leave the user's feeds, except those of accounts the user follows.
 */
@Injectable()
export class ClearDomainBlockTracesService {
  constructor(private readonly pruner: FeedPruner) {}

  async call(accountId: string, domain: string): Promise<void> {
    await this.pruner.removeEverywhere(accountId, { kind: 'domain', domain, ownerId: accountId });
  }
}
