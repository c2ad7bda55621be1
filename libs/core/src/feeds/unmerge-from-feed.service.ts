import { Injectable } from '@nestjs/common';
import { FeedPruner } from './feed-pruner';

/**
 * After an unfollow, takes the target's statuses and reblogs out of a local user's home and
 * list feeds; after a member leaves a list (`listId`), out of that list's feed only.
 */
@Injectable()
export class UnmergeFromFeedService {
  constructor(private readonly pruner: FeedPruner) {}

  async call(accountId: string, targetAccountId: string, listId?: string): Promise<void> {
    const selection = { kind: 'author', accountId: targetAccountId } as const;
    if (listId) await this.pruner.removeFrom('list', listId, selection);
    else await this.pruner.removeEverywhere(accountId, selection);
  }
}
