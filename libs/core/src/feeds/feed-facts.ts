import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Status } from '@nestodon/domain';
import { FeedReceiverFacts, FeedStatus } from '@nestodon/policies';
import { DataSource } from 'typeorm';

/** A loaded status (author and reblogged status with author) with its mentions. */
export function toFeedStatus(status: Status, mentions: ReadonlyMap<string, string[]>): FeedStatus {
  const reblog = status.reblog ?? null;
  return {
    id: status.id,
    accountId: status.accountId,
    authorDomain: status.account?.domain ?? null,
    reply: status.reply,
    inReplyToId: status.inReplyToId,
    inReplyToAccountId: status.inReplyToAccountId,
    language: status.language,
    mentionedAccountIds: mentions.get(status.id) ?? [],
    reblog: reblog
      ? {
          id: reblog.id,
          accountId: reblog.accountId,
          authorDomain: reblog.account?.domain ?? null,
          mentionedAccountIds: mentions.get(reblog.id) ?? [],
        }
      : null,
  };
}

/** Every account a status involves (author, reblogged author, mentions, replied-to account). */
export function involvedAccounts(status: FeedStatus): string[] {
  const ids = [status.accountId, ...status.mentionedAccountIds];
  if (status.inReplyToAccountId) ids.push(status.inReplyToAccountId);
  if (status.reblog) ids.push(status.reblog.accountId, ...status.reblog.mentionedAccountIds);
  return ids;
}

export function involvedDomains(status: FeedStatus): string[] {
  const domains: string[] = [];
  if (status.authorDomain) domains.push(status.authorDomain);
  if (status.reblog?.authorDomain) domains.push(status.reblog.authorDomain);
  return domains;
}

interface FactRow {
  kind: string;
  receiver: string;
  target: string;
  show_reblogs: boolean | null;
  languages: string[] | null;
}

/**
 * Loads what the feed rules need, for many receivers and statuses at once: one query for the
 * mentions of a batch of statuses, one for the relations of a batch of receivers.
 */
@Injectable()
export class FeedFacts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Accounts mentioned (not silently) in each status, keyed by status id. */
  async mentions(statuses: Status[]): Promise<Map<string, string[]>> {
    const ids = statuses.flatMap((status) =>
      status.reblog ? [status.id, status.reblog.id] : [status.id],
    );
    const map = new Map<string, string[]>();
    if (ids.length === 0) return map;
    const rows: Array<{ status_id: string; account_id: string }> = await this.dataSource.query(
      `SELECT status_id::text, account_id::text FROM mentions
        WHERE status_id = ANY($1::bigint[]) AND silent = false`,
      [ids],
    );
    for (const row of rows)
      map.set(row.status_id, [...(map.get(row.status_id) ?? []), row.account_id]);
    return map;
  }

  async feedStatuses(statuses: Status[]): Promise<FeedStatus[]> {
    const mentions = await this.mentions(statuses);
    return statuses.map((status) => toFeedStatus(status, mentions));
  }

  /**
   * Each receiver's relations to `targets` (accounts) and `domains`: follows (with boosts and
   * languages), blocks both ways, live mutes, domain blocks, and exclusive list membership.
   */
  async receivers(
    receiverIds: string[],
    targets: Iterable<string>,
    domains: Iterable<string>,
  ): Promise<Map<string, FeedReceiverFacts>> {
    const facts = new Map<string, FeedReceiverFacts>();
    const mutable = new Map<
      string,
      {
        following: Set<string>;
        hidingReblogs: Set<string>;
        blocking: Set<string>;
        blockedBy: Set<string>;
        muting: Set<string>;
        domainBlocking: Set<string>;
        languages: Map<string, string[] | null>;
        exclusiveListMembers: Set<string>;
      }
    >();
    for (const receiverId of receiverIds) {
      const sets = {
        following: new Set<string>(),
        hidingReblogs: new Set<string>(),
        blocking: new Set<string>(),
        blockedBy: new Set<string>(),
        muting: new Set<string>(),
        domainBlocking: new Set<string>(),
        languages: new Map<string, string[] | null>(),
        exclusiveListMembers: new Set<string>(),
      };
      mutable.set(receiverId, sets);
      facts.set(receiverId, { receiverId, ...sets });
    }
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
      const sets = mutable.get(row.receiver);
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
          (
            sets[row.kind as 'blocking' | 'blockedBy' | 'muting' | 'domainBlocking'] as Set<string>
          ).add(row.target);
      }
    }
    return facts;
  }
}
