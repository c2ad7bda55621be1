import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * A receiver's relations to the accounts and domains a batch of statuses involves: what the
 * feed rules (libs/policies FeedReceiverFacts) read.
 */
export interface ReceiverRelations {
  receiverId: string;
  following: Set<string>;
  /** Followed accounts whose boosts the receiver hides. */
  hidingReblogs: Set<string>;
  blocking: Set<string>;
  blockedBy: Set<string>;
  /** Live mutes. */
  muting: Set<string>;
  domainBlocking: Set<string>;
  /** Per followed account, the languages the receiver wants from it (null: all). */
  languages: Map<string, string[] | null>;
  /** Accounts in any of the receiver's exclusive lists. */
  exclusiveListMembers: Set<string>;
}

interface FactRow {
  kind: 'following' | 'blocking' | 'blockedBy' | 'muting' | 'domainBlocking' | 'exclusive';
  receiver: string;
  target: string;
  show_reblogs: boolean | null;
  languages: string[] | null;
}

const emptyRelations = (receiverId: string): ReceiverRelations => ({
  receiverId,
  following: new Set(),
  hidingReblogs: new Set(),
  blocking: new Set(),
  blockedBy: new Set(),
  muting: new Set(),
  domainBlocking: new Set(),
  languages: new Map(),
  exclusiveListMembers: new Set(),
});

/**
 * What the feed rules need, for many receivers and statuses at once: one query for the
 * mentions of a batch of statuses, one for the relations of a batch of receivers.
 */
@Injectable()
export class FeedFactsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Accounts mentioned (not silently) in each status, keyed by status id. */
  async mentions(statusIds: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (statusIds.length === 0) return map;
    const rows: Array<{ status_id: string; account_id: string }> = await this.dataSource.query(
      `SELECT status_id::text, account_id::text FROM mentions
        WHERE status_id = ANY($1::bigint[]) AND silent = false`,
      [statusIds],
    );
    for (const row of rows) {
      map.set(row.status_id, [...(map.get(row.status_id) ?? []), row.account_id]);
    }
    return map;
  }

  /**
   * Each receiver's relations to `targets` (accounts) and `domains`: follows (with boosts and
   * languages), blocks both ways, live mutes, domain blocks, and exclusive list membership.
   */
  async receivers(
    receiverIds: string[],
    targets: Iterable<string>,
    domains: Iterable<string>,
  ): Promise<Map<string, ReceiverRelations>> {
    const facts = new Map(receiverIds.map((id) => [id, emptyRelations(id)]));
    const targetIds = [...new Set(targets)];
    const domainList = [...new Set(domains)];
    if (receiverIds.length === 0 || (targetIds.length === 0 && domainList.length === 0)) {
      return facts;
    }
    const rows: FactRow[] = await this.dataSource.query(
      `SELECT 'following' AS kind, account_id::text AS receiver, target_account_id::text AS target,
              show_reblogs, languages
         FROM follows WHERE account_id = ANY($1::bigint[]) AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'blocking', account_id::text, target_account_id::text, NULL, NULL
         FROM blocks WHERE account_id = ANY($1::bigint[]) AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'blockedBy', target_account_id::text, account_id::text, NULL, NULL
         FROM blocks WHERE target_account_id = ANY($1::bigint[]) AND account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'muting', account_id::text, target_account_id::text, NULL, NULL
         FROM mutes WHERE account_id = ANY($1::bigint[]) AND target_account_id = ANY($2::bigint[])
          AND (expires_at IS NULL OR expires_at > now())
       UNION ALL
       SELECT 'domainBlocking', account_id::text, domain, NULL, NULL
         FROM account_domain_blocks WHERE account_id = ANY($1::bigint[]) AND domain = ANY($3::varchar[])
       UNION ALL
       SELECT DISTINCT 'exclusive', l.account_id::text, la.account_id::text, NULL::boolean, NULL::varchar[]
         FROM lists l JOIN list_accounts la ON la.list_id = l.id
        WHERE l.account_id = ANY($1::bigint[]) AND l.exclusive AND la.account_id = ANY($2::bigint[])`,
      [receiverIds, targetIds, domainList],
    );
    for (const row of rows) {
      const sets = facts.get(row.receiver);
      if (!sets) continue;
      switch (row.kind) {
        case 'following':
          sets.following.add(row.target);
          if (row.show_reblogs === false) sets.hidingReblogs.add(row.target);
          sets.languages.set(row.target, row.languages);
          break;
        case 'exclusive':
          sets.exclusiveListMembers.add(row.target);
          break;
        default:
          sets[row.kind].add(row.target);
      }
    }
    return facts;
  }
}
