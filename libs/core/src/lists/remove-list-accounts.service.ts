import { Injectable } from '@nestjs/common';
import { List, ListRepository } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { parseListAccountIds } from './list-rules';

/** Removes accounts from a list; the list feed loses their statuses (in the worker). */
@Injectable()
export class RemoveListAccountsService {
  constructor(
    private readonly lists: ListRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(list: List, accountIds: string[]): Promise<void> {
    const removed = await this.lists.removeMembers(list.id, parseListAccountIds(accountIds));
    for (const accountId of removed) {
      await this.jobs.enqueue(JobName.FeedUnmerge, {
        accountId: String(list.accountId),
        targetAccountId: accountId,
        listId: String(list.id),
      });
    }
  }
}
