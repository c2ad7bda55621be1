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

/** Statuses read per followed account (Mastodon: half a feed). */
const PER_ACCOUNT = FEED_MAX_ITEMS / 2;
/** Candidates read in all; some are filtered out, the feed keeps the newest FEED_MAX_ITEMS. */
const CANDIDATES = FEED_MAX_ITEMS + FEED_MAX_ITEMS / 2;

/**
 * Rebuilds a local user's home feed from PostgreSQL: their own statuses and those of the
 * accounts they follow (public, unlisted and private), by the feed rules; then each of their
 * list feeds from the members' statuses. Entries already there (fan-out that ran meanwhile)
 * stay. Runs in the worker; GET /api/v1/timelines/home answers 206 until it has finished.
 */
@Injectable()
export class RegenerateHomeFeedService {
  constructor(
    private readonly feeds: FeedManager,
    private readonly facts: FeedFactsRepository,
    private readonly feedStatuses: FeedRepository,
    private readonly statuses: StatusRepository,
    private readonly accounts: AccountRepository,
    private readonly lists: ListFactsRepository,
  ) {}

  async call(accountId: string): Promise<void> {
    try {
      if (!(await this.accounts.isLocalUser(accountId))) return;
      const ids = await this.feedStatuses.homeCandidateIds(accountId, PER_ACCOUNT, CANDIDATES);
      const admitted = await admissibleForReceiver(this.statuses, this.facts, accountId, ids);
      await this.feeds.addMany('home', accountId, admitted.map(entryOf));
      for (const list of await this.lists.ownedBy(accountId)) {
        const inList = await admissibleForReceiver(
          this.statuses,
          this.facts,
          accountId,
          await this.feedStatuses.listCandidateIds(list.id, PER_ACCOUNT, CANDIDATES),
          list,
        );
        await this.feeds.addMany('list', list.id, inList.map(entryOf));
      }
      await this.feeds.markReady(accountId);
    } finally {
      await this.feeds.endRegeneration(accountId);
    }
  }
}
