import { Injectable } from '@nestjs/common';
import {
  AccountRepository,
  FeedFactsRepository,
  FeedRepository,
  ListFactsRepository,
  StatusRepository,
} from '@nestodon/domain';
import { FEED_MAX_ITEMS, FeedManager } from './feed-manager';
import { admissibleForReceiver, entryOf } from './feed-statuses';

/** How many of an account's statuses a merge considers (Mastodon: a quarter of a feed). */
const MERGE_LIMIT = FEED_MAX_ITEMS / 4;

/**
 * Puts an account's recent statuses into a local user's home feed (after a follow) or into a
 * list feed (after adding a member), by the feed rules. When the feed is already long, only
 * statuses newer than its oldest entry are considered. Returns how many went in.
 */
@Injectable()
export class MergeIntoFeedService {
  constructor(
    private readonly feeds: FeedManager,
    private readonly facts: FeedFactsRepository,
    private readonly feedStatuses: FeedRepository,
    private readonly statuses: StatusRepository,
    private readonly accounts: AccountRepository,
    private readonly lists: ListFactsRepository,
  ) {}

  async call(accountId: string, targetAccountId: string, listId?: string): Promise<number> {
    const list = listId ? (await this.lists.byIds([listId]))[0] : undefined;
    if (listId && (!list || list.accountId !== accountId)) return 0;
    if (!(await this.accounts.isLocalUser(accountId))) return 0;
    const type = list ? 'list' : 'home';
    const feedId = list ? list.id : accountId;
    let afterId = '0';
    if ((await this.feeds.size(type, feedId)) >= MERGE_LIMIT) {
      afterId = (await this.feeds.oldestId(type, feedId)) ?? '0';
    }
    const admitted = await admissibleForReceiver(
      this.statuses,
      this.facts,
      accountId,
      await this.feedStatuses.recentStatusIds(targetAccountId, afterId, MERGE_LIMIT),
      list,
    );
    return this.feeds.addMany(type, feedId, admitted.map(entryOf));
  }
}
