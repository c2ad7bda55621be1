import { Injectable } from '@nestjs/common';
import { FeedEntrySelection, FeedRepository, ListFactsRepository } from '@nestodon/domain';
import { FeedManager, FeedType } from './feed-manager';

/**
 * Takes the entries a selection picks out of a local user's feeds (unfollows, blocks, mutes,
 * domain blocks). Reads the feed's own ids, so the work is bounded by the feed size whatever
 * the account posted.
 */
@Injectable()
export class FeedPruner {
  constructor(
    private readonly feeds: FeedManager,
    private readonly feedStatuses: FeedRepository,
    private readonly lists: ListFactsRepository,
  ) {}

  /** From the user's home feed and every list feed of theirs. */
  async removeEverywhere(accountId: string, selection: FeedEntrySelection): Promise<void> {
    await this.removeFrom('home', accountId, selection);
    for (const list of await this.lists.ownedBy(accountId)) {
      await this.removeFrom('list', list.id, selection);
    }
  }

  async removeFrom(type: FeedType, feedId: string, selection: FeedEntrySelection): Promise<void> {
    const ids = await this.feeds.allIds(type, feedId);
    if (ids.length === 0) return;
    await this.feeds.removeMany(
      type,
      feedId,
      await this.feedStatuses.entriesMatching(ids, selection),
    );
  }
}
