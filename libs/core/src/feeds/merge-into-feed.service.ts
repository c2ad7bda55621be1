import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { StatusRepository } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FEED_MAX_ITEMS, FeedManager } from './feed-manager';
import { FeedFacts } from './feed-facts';
import { admissibleForReceiver, entryOf } from './feed-statuses';
import { ListFactsRepository } from './list-facts.repository';

/** How many of an account's statuses a merge considers (Mastodon: a quarter of a feed). */
const MERGE_LIMIT = FEED_MAX_ITEMS / 4;

/**
 * Puts an account's recent statuses into a local user's home feed (after a follow) or into a
 * list feed (after adding a member), by the feed rules. When the feed is already long, only
 * statuses newer than its oldest entry are considered.
 */
@Injectable()
export class MergeIntoFeedService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly feeds: FeedManager,
    private readonly facts: FeedFacts,
    private readonly statuses: StatusRepository,
    private readonly lists: ListFactsRepository,
  ) {}

  async merge(accountId: string, targetAccountId: string, listId?: string): Promise<number> {
    const list = listId ? (await this.lists.byIds([listId]))[0] : undefined;
    if (listId && (!list || list.accountId !== accountId)) return 0;
    if (!(await this.isLocal(accountId))) return 0;
    const type = list ? 'list' : 'home';
    const feedId = list ? list.id : accountId;
    let afterId = '0';
    if ((await this.feeds.size(type, feedId)) >= MERGE_LIMIT) {
      afterId = (await this.feeds.oldestId(type, feedId)) ?? '0';
    }
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text FROM statuses
        WHERE account_id = $1 AND deleted_at IS NULL AND visibility IN (0, 1, 2) AND id > $2
        ORDER BY id DESC LIMIT $3`,
      [targetAccountId, afterId, MERGE_LIMIT],
    );
    const admitted = await admissibleForReceiver(
      this.statuses,
      this.facts,
      accountId,
      rows.map((row) => row.id),
      list,
    );
    return this.feeds.addMany(type, feedId, admitted.map(entryOf));
  }

  private async isLocal(accountId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM accounts a JOIN users u ON u.account_id = a.id WHERE a.id = $1 AND a.domain IS NULL`,
      [accountId],
    );
    return rows.length > 0;
  }
}
