import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Which entries of a feed to take out, by what they are (see FeedRepository.entriesMatching). */
export type FeedEntrySelection =
  /** Statuses and reblogs by the account. */
  | { kind: 'author'; accountId: string }
  /** By the account, reblogs of its statuses, and statuses (or reblogged ones) mentioning it. */
  | { kind: 'involving'; accountId: string }
  /** By accounts of the domain, or reblogs of them, except accounts `ownerId` follows. */
  | { kind: 'domain'; domain: string; ownerId: string };

/** Feed entries (status id and reblogged id) as Redis feeds keep them. */
export interface FeedEntryRow {
  id: string;
  reblogOfId: string | null;
}

/** The statuses that go into feeds when they are built or merged, and out when pruned. */
@Injectable()
export class FeedRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * An account's newest public, unlisted and private statuses after `afterId`, at most `limit`
   * (what a follow merges into a feed).
   */
  async recentStatusIds(accountId: string, afterId: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text FROM statuses
        WHERE account_id = $1 AND deleted_at IS NULL AND visibility IN (0, 1, 2) AND id > $2
        ORDER BY id DESC LIMIT $3`,
      [accountId, afterId, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The newest statuses of an owner and the accounts it follows (a home feed being rebuilt):
   * at most `perAccount` per account (one index range each), `total` in all. The owner's own
   * statuses count whatever their visibility.
   */
  homeCandidateIds(ownerId: string, perAccount: number, total: number): Promise<string[]> {
    return this.candidateIds(
      `SELECT $1::bigint AS id UNION ALL SELECT target_account_id FROM follows WHERE account_id = $1`,
      ownerId,
      perAccount,
      total,
      ownerId,
    );
  }

  /** The same for the members of a list. */
  listCandidateIds(listId: string, perAccount: number, total: number): Promise<string[]> {
    return this.candidateIds(
      `SELECT account_id AS id FROM list_accounts WHERE list_id = $1`,
      listId,
      perAccount,
      total,
      null,
    );
  }

  private async candidateIds(
    authors: string,
    authorsParam: string,
    perAccount: number,
    total: number,
    ownerId: string | null,
  ): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT s.id::text FROM (${authors}) a
         CROSS JOIN LATERAL (
           SELECT id FROM statuses
            WHERE account_id = a.id AND deleted_at IS NULL
              AND (visibility IN (0, 1, 2) OR account_id = $4::bigint)
            ORDER BY id DESC LIMIT $2
         ) s
        ORDER BY s.id DESC LIMIT $3`,
      [authorsParam, perAccount, total, ownerId],
    );
    return rows.map((row) => row.id);
  }

  /** Which of these feed entries `selection` picks. */
  async entriesMatching(
    statusIds: string[],
    selection: FeedEntrySelection,
  ): Promise<FeedEntryRow[]> {
    if (statusIds.length === 0) return [];
    const [condition, params] = selectionSql(selection);
    const rows: FeedEntryRow[] = await this.dataSource.query(
      `SELECT s.id::text AS "id", s.reblog_of_id::text AS "reblogOfId" FROM statuses s
         LEFT JOIN statuses r ON r.id = s.reblog_of_id
        WHERE s.id = ANY($1::bigint[]) AND ${condition}`,
      [statusIds, ...params],
    );
    return rows;
  }
}

/** The SQL condition on statuses `s` (and reblogged `r`) of a selection, params from $2. */
function selectionSql(selection: FeedEntrySelection): [string, unknown[]] {
  switch (selection.kind) {
    case 'author':
      return ['s.account_id = $2', [selection.accountId]];
    case 'involving':
      return [
        `(s.account_id = $2 OR r.account_id = $2
          OR EXISTS (SELECT 1 FROM mentions m
                      WHERE m.account_id = $2 AND m.silent = false
                        AND m.status_id IN (s.id, s.reblog_of_id)))`,
        [selection.accountId],
      ];
    case 'domain':
      return [
        `EXISTS (SELECT 1 FROM accounts a
                  WHERE a.id IN (s.account_id, r.account_id) AND a.domain = $2
                    AND NOT EXISTS (SELECT 1 FROM follows f
                                     WHERE f.account_id = $3 AND f.target_account_id = a.id))`,
        [selection.domain, selection.ownerId],
      ];
  }
}
