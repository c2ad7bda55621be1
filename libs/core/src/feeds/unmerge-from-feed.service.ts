import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FeedManager, FeedType } from './feed-manager';
import { ListFactsRepository } from './list-facts.repository';

/** Which entries of a feed to take out, as an SQL condition on statuses `s` (params from $2). */
export interface FeedSelection {
  condition: string;
  params: unknown[];
}

/**
 * Takes statuses out of a local user's feeds: an account's statuses after an unfollow (home
 * and every list, or one list after removing a member), everything involving an account after
 * a block or mute, everything from a domain after a domain block. Reads the feed's own ids,
 * so the work is bounded by the feed size whatever the account posted.
 */
@Injectable()
export class UnmergeFromFeedService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly feeds: FeedManager,
    private readonly lists: ListFactsRepository,
  ) {}

  /** The target's statuses and reblogs. */
  async unmerge(accountId: string, targetAccountId: string, listId?: string): Promise<void> {
    const selection = { condition: 's.account_id = $2', params: [targetAccountId] };
    if (listId) {
      await this.removeFrom('list', listId, selection);
      return;
    }
    await this.removeEverywhere(accountId, selection);
  }

  /**
   * Statuses by the target, reblogs of its statuses, and statuses (or reblogged statuses)
   * mentioning it: what a block or mute hides.
   */
  async clearAccount(accountId: string, targetAccountId: string): Promise<void> {
    await this.removeEverywhere(accountId, {
      condition: `(s.account_id = $2 OR r.account_id = $2
                   OR EXISTS (SELECT 1 FROM mentions m
                               WHERE m.account_id = $2 AND m.silent = false
                                 AND m.status_id IN (s.id, s.reblog_of_id)))`,
      params: [targetAccountId],
    });
  }

  /** Statuses and reblogged statuses by accounts of a domain (unless the user follows them). */
  async clearDomain(accountId: string, domain: string): Promise<void> {
    await this.removeEverywhere(accountId, {
      condition: `EXISTS (SELECT 1 FROM accounts a
                           WHERE a.id IN (s.account_id, r.account_id) AND a.domain = $2
                             AND NOT EXISTS (SELECT 1 FROM follows f
                                              WHERE f.account_id = $3 AND f.target_account_id = a.id))`,
      params: [domain, accountId],
    });
  }

  private async removeEverywhere(accountId: string, selection: FeedSelection): Promise<void> {
    await this.removeFrom('home', accountId, selection);
    for (const list of await this.lists.ownedBy(accountId)) {
      await this.removeFrom('list', list.id, selection);
    }
  }

  private async removeFrom(
    type: FeedType,
    feedId: string,
    selection: FeedSelection,
  ): Promise<void> {
    const ids = await this.feeds.allIds(type, feedId);
    if (ids.length === 0) return;
    const rows: Array<{ id: string; reblog_of_id: string | null }> = await this.dataSource.query(
      `SELECT s.id::text, s.reblog_of_id::text FROM statuses s
         LEFT JOIN statuses r ON r.id = s.reblog_of_id
        WHERE s.id = ANY($1::bigint[]) AND ${selection.condition}`,
      [ids, ...selection.params],
    );
    await this.feeds.removeMany(
      type,
      feedId,
      rows.map((row) => ({ id: row.id, reblogOfId: row.reblog_of_id })),
    );
  }
}
