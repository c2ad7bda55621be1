import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryPrepared } from './raw-rows';

/** A relation of one subscriber to an account or domain a streamed status involves. */
export interface SubscriberRelationRow {
  viewer: string;
  kind: 'following' | 'blocking' | 'blockedBy' | 'muting' | 'domainBlocking';
  value: string;
}

export interface SubscriberRelationTargets {
  /** Authors, reblogged authors and mentioned accounts. */
  accountIds: readonly string[];
  /** Author domains. */
  domains: readonly string[];
  /** Authors of statuses only followers may see: the follows are looked up for these only. */
  followedIds: readonly string[];
}

/** A filter in force and its rules, for one of many accounts. */
export interface SubscriberFilterRow {
  account_id: string;
  id: string;
  phrase: string;
  context: string[];
  action: number;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  keywords: Array<{ keyword: string; whole_word: boolean }>;
  status_ids: string[];
}

/**
 * What the streaming process needs to decide who gets an event, loaded for every subscriber
 * of a batch of events at once: relations to the involved accounts and domains, filters, list
 * ownership. Reads only; the streaming process never writes to PostgreSQL.
 */
@Injectable()
export class StreamingFactsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Only the relations that exist, as rows; one query whatever the number of subscribers. */
  async subscriberRelations(
    viewerIds: readonly string[],
    targets: SubscriberRelationTargets,
  ): Promise<SubscriberRelationRow[]> {
    if (viewerIds.length === 0) return [];
    return queryPrepared<SubscriberRelationRow>(
      this.dataSource,
      `SELECT account_id::text AS viewer, 'blocking' AS kind, target_account_id::text AS value
         FROM blocks WHERE account_id = ANY($1::bigint[]) AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT target_account_id::text, 'blockedBy', account_id::text
         FROM blocks WHERE target_account_id = ANY($1::bigint[]) AND account_id = ANY($2::bigint[])
       UNION ALL
       SELECT account_id::text, 'muting', target_account_id::text
         FROM mutes WHERE account_id = ANY($1::bigint[]) AND target_account_id = ANY($2::bigint[])
          AND (expires_at IS NULL OR expires_at > now())
       UNION ALL
       SELECT account_id::text, 'domainBlocking', domain
         FROM account_domain_blocks WHERE account_id = ANY($1::bigint[]) AND domain = ANY($3::varchar[])
       UNION ALL
       SELECT account_id::text, 'following', target_account_id::text
         FROM follows WHERE account_id = ANY($1::bigint[]) AND target_account_id = ANY($4::bigint[])`,
      [viewerIds, targets.accountIds, targets.domains, targets.followedIds],
    );
  }

  /** The filters in force of each account, with keywords and status ids, oldest first. */
  async activeFilters(accountIds: readonly string[]): Promise<SubscriberFilterRow[]> {
    if (accountIds.length === 0) return [];
    return queryPrepared<SubscriberFilterRow>(
      this.dataSource,
      `SELECT f.account_id::text, f.id::text, f.phrase, f.context, f.action, f.expires_at,
              f.created_at, f.updated_at,
              COALESCE((SELECT json_agg(json_build_object('keyword', k.keyword, 'whole_word', k.whole_word)
                                 ORDER BY k.id)
                          FROM custom_filter_keywords k WHERE k.custom_filter_id = f.id), '[]'::json) AS keywords,
              ARRAY(SELECT s.status_id::text FROM custom_filter_statuses s
                     WHERE s.custom_filter_id = f.id) AS status_ids
         FROM custom_filters f
        WHERE f.account_id = ANY($1::bigint[]) AND (f.expires_at IS NULL OR f.expires_at > now())
        ORDER BY f.id`,
      [accountIds],
    );
  }

  /** Whether the list exists and belongs to the account. */
  async ownsList(accountId: string, listId: string): Promise<boolean> {
    const rows = await queryPrepared(
      this.dataSource,
      `SELECT 1 FROM lists WHERE id = $1::bigint AND account_id = $2::bigint`,
      [listId, accountId],
    );
    return rows.length > 0;
  }
}
