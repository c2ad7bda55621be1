import { Injectable } from '@nestjs/common';
import {
  List,
  ListRepository,
  RecordNotFoundError,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { parseListAccountIds } from './list-rules';

/**
 * Adds accounts to a list. Members must be followed by the list's owner (or be the owner);
 * unknown accounts are not found; adding a member twice is refused. The list feed gains the
 * new members' recent statuses (in the worker).
 */
@Injectable()
export class AddListAccountsService {
  constructor(
    private readonly lists: ListRepository,
    private readonly transactions: TransactionRunner,
    private readonly jobs: JobQueue,
  ) {}

  async call(list: List, accountIds: string[]): Promise<void> {
    const ids = parseListAccountIds(accountIds);
    await this.transactions.run(async (tx) => {
      const candidates = await this.lists.candidates(list, ids, tx);
      if (candidates.length !== ids.length) throw new RecordNotFoundError();
      for (const candidate of candidates) {
        if (candidate.alreadyMember) {
          throw new ValidationError('Validation failed: Account has already been taken');
        }
        if (candidate.followId === null && candidate.accountId !== String(list.accountId)) {
          throw new ValidationError('Validation failed: Account must be followed first');
        }
      }
      await this.lists.addMembers(list.id, candidates, tx);
    });
    for (const id of ids) {
      await this.jobs.enqueue(JobName.FeedMerge, {
        accountId: String(list.accountId),
        targetAccountId: id,
        listId: String(list.id),
      });
    }
  }
}
