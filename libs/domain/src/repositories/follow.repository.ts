import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { FollowRequest } from '../entities/follow-request.entity';
import { Follow } from '../entities/follow.entity';
import { Transaction } from '../transactions';
import {
  AccountPair,
  deletePair,
  deletePairsBetween,
  deletePairsWithDomain,
} from './account-pairs';
import { EntityRowMapper } from './raw-rows';
import { FollowOptions } from './relationships.repository';

/** Options of a follow or request to write; `undefined` keeps the stored value (or default). */
export interface FollowOptionChanges {
  reblogs?: boolean;
  notify?: boolean;
  /** NULL: all languages. */
  languages?: string[] | null;
  /** The ActivityPub id of a remote account's Follow (kept when omitted). */
  uri?: string;
}

/** A pending follow request with what decides whether unlocking accepts it. */
export interface PendingRequester {
  requestId: string;
  accountId: string;
  /** The requester's domain (null: local), to answer a remote one. */
  domain: string | null;
  silencedAt: Date | null;
}

/**
 * Rows of `follows` and `follow_requests`. Writes take the caller's transaction; follow
 * counters are the caller's to keep (FollowLedger in core).
 */
@Injectable()
export class FollowRepository {
  private readonly follows: EntityRowMapper<Follow>;
  private readonly requests: EntityRowMapper<FollowRequest>;

  constructor(private readonly dataSource: DataSource) {
    this.follows = new EntityRowMapper(dataSource, Follow, 'follows');
    this.requests = new EntityRowMapper(dataSource, FollowRequest, 'follow_requests');
  }

  /** Inserts the follow or updates its options; `inserted` tells whether the row is new. */
  async upsertFollow(
    accountId: string,
    targetAccountId: string,
    options: FollowOptionChanges,
    tx?: Transaction,
  ): Promise<{ follow: Follow; inserted: boolean }> {
    const { entity, inserted } = await this.upsert(
      'follows',
      this.follows,
      accountId,
      targetAccountId,
      options,
      tx,
    );
    return { follow: entity, inserted };
  }

  /** Inserts the follow request or updates its options; `inserted` as upsertFollow. */
  async upsertFollowRequest(
    accountId: string,
    targetAccountId: string,
    options: FollowOptionChanges,
    tx?: Transaction,
  ): Promise<{ request: FollowRequest; inserted: boolean }> {
    const { entity, inserted } = await this.upsert(
      'follow_requests',
      this.requests,
      accountId,
      targetAccountId,
      options,
      tx,
    );
    return { request: entity, inserted };
  }

  /**
   * Whether `accountId` follows `targetAccountId`, locking the follow row until the
   * transaction ends (`share`: it cannot be deleted meanwhile; `update`: nor changed).
   */
  async lockFollow(
    accountId: string,
    targetAccountId: string,
    mode: 'share' | 'update',
    tx: Transaction,
  ): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `SELECT 1 FROM follows WHERE account_id = $1 AND target_account_id = $2
         FOR ${mode === 'share' ? 'SHARE' : 'UPDATE'}`,
      [accountId, targetAccountId],
    );
    return rows.length > 0;
  }

  /** Deletes the follow `accountId` → `targetAccountId`; whether there was one. */
  deleteFollow(accountId: string, targetAccountId: string, tx?: Transaction): Promise<boolean> {
    return deletePair(this.manager(tx), 'follows', accountId, targetAccountId);
  }

  /** Deletes the follows between two accounts, both ways; returns the deleted pairs. */
  deleteFollowsBetween(
    accountId: string,
    otherAccountId: string,
    tx?: Transaction,
  ): Promise<AccountPair[]> {
    return deletePairsBetween(this.manager(tx), 'follows', accountId, otherAccountId);
  }

  /** Deletes the follows between an account and a domain, both ways; returns the pairs. */
  deleteFollowsWithDomain(
    accountId: string,
    domain: string,
    tx?: Transaction,
  ): Promise<AccountPair[]> {
    return deletePairsWithDomain(this.manager(tx), 'follows', accountId, domain);
  }

  /** Deletes the pending request `accountId` → `targetAccountId`; whether there was one. */
  deleteFollowRequest(
    accountId: string,
    targetAccountId: string,
    tx?: Transaction,
  ): Promise<boolean> {
    return deletePair(this.manager(tx), 'follow_requests', accountId, targetAccountId);
  }

  /**
   * The ActivityPub ids of the account's remote followers whose ids start with `uriPrefix`
   * (one server's: Mastodon's follower synchronisation), oldest follow first.
   */
  async followerUrisWithPrefix(accountId: string, uriPrefix: string): Promise<string[]> {
    const rows: Array<{ uri: string }> = await this.manager().query(
      `SELECT a.uri FROM follows f JOIN accounts a ON a.id = f.account_id
        WHERE f.target_account_id = $1 AND a.domain IS NOT NULL AND starts_with(a.uri, $2)
        ORDER BY f.id`,
      [accountId, uriPrefix],
    );
    return rows.map((row) => row.uri);
  }

  /**
   * The follow of `targetAccountId` by `accountId`, or else the pending request: its id and
   * ActivityPub id (what an Undo or an answer names), or null when there is neither.
   */
  async link(
    accountId: string,
    targetAccountId: string,
  ): Promise<{ id: string; uri: string | null } | null> {
    const rows: Array<{ id: string; uri: string | null }> = await this.manager().query(
      `(SELECT id, uri FROM follows WHERE account_id = $1 AND target_account_id = $2)
       UNION ALL
       (SELECT id, uri FROM follow_requests WHERE account_id = $1 AND target_account_id = $2)
       LIMIT 1`,
      [accountId, targetAccountId],
    );
    return rows[0] ?? null;
  }

  /** Deletes the pending request and returns the options it carried, or null when none. */
  async takeFollowRequest(
    accountId: string,
    targetAccountId: string,
    tx?: Transaction,
  ): Promise<FollowOptions | null> {
    const [deleted]: [
      Array<{ show_reblogs: boolean; notify: boolean; languages: string[] | null }>,
      number,
    ] = await this.manager(tx).query(
      `DELETE FROM follow_requests WHERE account_id = $1 AND target_account_id = $2
       RETURNING show_reblogs, notify, languages`,
      [accountId, targetAccountId],
    );
    const row = deleted[0];
    return row
      ? { showReblogs: row.show_reblogs, notify: row.notify, languages: row.languages }
      : null;
  }

  /** Deletes the pending requests between two accounts, both ways. */
  async deleteFollowRequestsBetween(
    accountId: string,
    otherAccountId: string,
    tx?: Transaction,
  ): Promise<void> {
    await deletePairsBetween(this.manager(tx), 'follow_requests', accountId, otherAccountId);
  }

  /** Deletes the pending requests between an account and a domain, both ways. */
  async deleteFollowRequestsWithDomain(
    accountId: string,
    domain: string,
    tx?: Transaction,
  ): Promise<void> {
    await deletePairsWithDomain(this.manager(tx), 'follow_requests', accountId, domain);
  }

  /** Requests waiting for `targetAccountId` with a request id above `afterId`, oldest first. */
  async pendingRequestersAfter(
    targetAccountId: string,
    afterId: string,
    limit: number,
  ): Promise<PendingRequester[]> {
    const rows: Array<{
      id: string;
      account_id: string;
      domain: string | null;
      silenced_at: Date | null;
    }> = await this.dataSource.query(
      `SELECT r.id, r.account_id, a.domain, a.silenced_at FROM follow_requests r
           JOIN accounts a ON a.id = r.account_id
          WHERE r.target_account_id = $1 AND r.id > $2 ORDER BY r.id LIMIT $3`,
      [targetAccountId, afterId, limit],
    );
    return rows.map((row) => ({
      requestId: String(row.id),
      accountId: String(row.account_id),
      domain: row.domain,
      silencedAt: row.silenced_at,
    }));
  }

  private async upsert<T extends Follow | FollowRequest>(
    table: 'follows' | 'follow_requests',
    mapper: EntityRowMapper<T>,
    accountId: string,
    targetAccountId: string,
    { reblogs, notify, languages, uri }: FollowOptionChanges,
    tx?: Transaction,
  ): Promise<{ entity: T; inserted: boolean }> {
    const [row]: Array<Record<string, unknown>> = await this.manager(tx).query(
      `INSERT INTO ${table} (account_id, target_account_id, show_reblogs, notify, languages, uri)
       VALUES ($1, $2, COALESCE($3::boolean, true), COALESCE($4::boolean, false), $5::varchar[],
               $7::varchar)
       ON CONFLICT (account_id, target_account_id) DO UPDATE SET
         show_reblogs = COALESCE($3::boolean, ${table}.show_reblogs),
         notify = COALESCE($4::boolean, ${table}.notify),
         languages = CASE WHEN $6::boolean THEN $5::varchar[] ELSE ${table}.languages END,
         uri = COALESCE($7::varchar, ${table}.uri),
         updated_at = now()
       RETURNING ${mapper.select}, (xmax = 0) AS inserted`,
      [
        accountId,
        targetAccountId,
        reblogs ?? null,
        notify ?? null,
        languages ?? null,
        languages !== undefined,
        uri ?? null,
      ],
    );
    return { entity: mapper.buildRecord(row), inserted: row.inserted === true };
  }

  private manager(tx?: Transaction): Transaction {
    return tx ?? this.dataSource.manager;
  }
}
