import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { StatusRepository } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FEED_MAX_ITEMS, FeedManager } from './feed-manager';
import { FeedFacts } from './feed-facts';
import { admissibleForReceiver, entryOf } from './feed-statuses';
import { ListFactsRepository } from './list-facts.repository';

/** Statuses read per followed account (Mastodon: half a feed). */
const PER_ACCOUNT = FEED_MAX_ITEMS / 2;
/** Candidates read in all; some are filtered out, the feed keeps the newest FEED_MAX_ITEMS. */
const CANDIDATES = FEED_MAX_ITEMS + FEED_MAX_ITEMS / 2;

/**
 * Rebuilds a local user's home feed from PostgreSQL: their own statuses and those of the
 * accounts they follow (public, unlisted and private), by the feed rules; then each of their
 * list feeds from the members' statuses. Entries already there (fan-out that ran meanwhile)
 * stay. Runs in the worker; GET /api/v1/timelines/home
 * answers 206 until it has finished.
 */
@Injectable()
export class RegenerateHomeFeedService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly feeds: FeedManager,
    private readonly facts: FeedFacts,
    private readonly statuses: StatusRepository,
    private readonly lists: ListFactsRepository,
  ) {}

  async regenerate(accountId: string): Promise<void> {
    try {
      const local: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM accounts a JOIN users u ON u.account_id = a.id WHERE a.id = $1 AND a.domain IS NULL`,
        [accountId],
      );
      if (local.length === 0) return;
      const ids = await this.candidates(
        `SELECT $1::bigint AS id UNION ALL SELECT target_account_id FROM follows WHERE account_id = $1`,
        [accountId],
        accountId,
      );
      const admitted = await admissibleForReceiver(this.statuses, this.facts, accountId, ids);
      await this.feeds.addMany('home', accountId, admitted.map(entryOf));
      for (const list of await this.lists.ownedBy(accountId)) {
        const listIds = await this.candidates(
          `SELECT account_id AS id FROM list_accounts WHERE list_id = $1`,
          [list.id],
          null,
        );
        const inList = await admissibleForReceiver(
          this.statuses,
          this.facts,
          accountId,
          listIds,
          list,
        );
        await this.feeds.addMany('list', list.id, inList.map(entryOf));
      }
      await this.feeds.markReady(accountId);
    } finally {
      await this.feeds.endRegeneration(accountId);
    }
  }

  /**
   * The newest statuses of the accounts `authors` selects, a bounded number per account (one
   * index range each). The owner's own statuses count whatever their visibility.
   */
  private async candidates(
    authors: string,
    params: unknown[],
    ownerId: string | null,
  ): Promise<string[]> {
    const owner = ownerId ? `$${params.length + 3}` : 'NULL';
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT s.id::text FROM (${authors}) a
         CROSS JOIN LATERAL (
           SELECT id FROM statuses
            WHERE account_id = a.id AND deleted_at IS NULL
              AND (visibility IN (0, 1, 2) OR account_id = ${owner}::bigint)
            ORDER BY id DESC LIMIT $${params.length + 1}
         ) s
        ORDER BY s.id DESC LIMIT $${params.length + 2}`,
      [...params, PER_ACCOUNT, CANDIDATES, ...(ownerId ? [ownerId] : [])],
    );
    return rows.map((row) => row.id);
  }
}
