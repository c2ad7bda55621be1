import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface FollowOptions {
  showReblogs: boolean;
  notify: boolean;
  /** NULL: all languages. */
  languages: string[] | null;
}

/** Everything that links a viewer to one other account, from the viewer's side. */
export interface RelationshipFacts {
  /** The viewer follows the account (with these options). */
  following: FollowOptions | null;
  /** The viewer asked to follow the account and waits. */
  requested: FollowOptions | null;
  followedBy: boolean;
  requestedBy: boolean;
  blocking: boolean;
  blockedBy: boolean;
  /** An active (unexpired) mute by the viewer. */
  muting: { hideNotifications: boolean; expiresAt: Date | null } | null;
  /** The viewer blocks the account's domain. */
  domainBlocking: boolean;
  /** The viewer features the account on its profile. */
  endorsed: boolean;
  /** The viewer's private note on the account. */
  note: string | null;
}

export const NO_RELATIONSHIP: Readonly<RelationshipFacts> = Object.freeze({
  following: null,
  requested: null,
  followedBy: false,
  requestedBy: false,
  blocking: false,
  blockedBy: false,
  muting: null,
  domainBlocking: false,
  endorsed: false,
  note: null,
});

interface FactRow {
  kind: string;
  id: string;
  flag: boolean | null;
  notify: boolean | null;
  languages: string[] | null;
  expires_at: Date | null;
  comment: string | null;
}

/** SQL condition: mute row `m` is in force. */
export const ACTIVE_MUTE = '(m.expires_at IS NULL OR m.expires_at > now())';

/**
 * The relationship between a viewer and any number of accounts in ONE query (a UNION over
 * every relation table, each branch on a unique or target index), so a page of relationships
 * costs the same whatever its length.
 */
@Injectable()
export class RelationshipsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async facts(
    viewerId: string,
    accountIds: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<string, RelationshipFacts>> {
    const ids = [...new Set(accountIds)];
    const result = new Map<string, RelationshipFacts>(
      ids.map((id) => [id, { ...NO_RELATIONSHIP }]),
    );
    if (ids.length === 0) return result;
    const rows: FactRow[] = await manager.query(
      `SELECT 'following' AS kind, target_account_id AS id, show_reblogs AS flag, notify, languages,
              NULL::timestamptz AS expires_at, NULL::text AS comment
         FROM follows WHERE account_id = $1 AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'requested', target_account_id, show_reblogs, notify, languages, NULL, NULL
         FROM follow_requests WHERE account_id = $1 AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'followed_by', account_id, NULL, NULL, NULL, NULL, NULL
         FROM follows WHERE target_account_id = $1 AND account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'requested_by', account_id, NULL, NULL, NULL, NULL, NULL
         FROM follow_requests WHERE target_account_id = $1 AND account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'blocking', target_account_id, NULL, NULL, NULL, NULL, NULL
         FROM blocks WHERE account_id = $1 AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'blocked_by', account_id, NULL, NULL, NULL, NULL, NULL
         FROM blocks WHERE target_account_id = $1 AND account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'muting', m.target_account_id, m.hide_notifications, NULL, NULL, m.expires_at, NULL
         FROM mutes m WHERE m.account_id = $1 AND m.target_account_id = ANY($2::bigint[])
          AND ${ACTIVE_MUTE}
       UNION ALL
       SELECT 'domain_blocking', a.id, NULL, NULL, NULL, NULL, NULL
         FROM accounts a
         JOIN account_domain_blocks d ON d.account_id = $1 AND d.domain = a.domain
        WHERE a.id = ANY($2::bigint[])
       UNION ALL
       SELECT 'endorsed', target_account_id, NULL, NULL, NULL, NULL, NULL
         FROM account_pins WHERE account_id = $1 AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'note', target_account_id, NULL, NULL, NULL, NULL, comment
         FROM account_notes WHERE account_id = $1 AND target_account_id = ANY($2::bigint[])`,
      [viewerId, ids],
    );
    for (const row of rows) {
      const facts = result.get(String(row.id));
      if (!facts) continue;
      const options = (): FollowOptions => ({
        showReblogs: row.flag ?? true,
        notify: row.notify ?? false,
        languages: row.languages ?? null,
      });
      switch (row.kind) {
        case 'following':
          facts.following = options();
          break;
        case 'requested':
          facts.requested = options();
          break;
        case 'followed_by':
          facts.followedBy = true;
          break;
        case 'requested_by':
          facts.requestedBy = true;
          break;
        case 'blocking':
          facts.blocking = true;
          break;
        case 'blocked_by':
          facts.blockedBy = true;
          break;
        case 'muting':
          facts.muting = { hideNotifications: row.flag ?? true, expiresAt: row.expires_at };
          break;
        case 'domain_blocking':
          facts.domainBlocking = true;
          break;
        case 'endorsed':
          facts.endorsed = true;
          break;
        case 'note':
          facts.note = row.comment;
          break;
      }
    }
    return result;
  }

  /** The relationship between two accounts, from `viewerId`'s side. */
  async between(
    viewerId: string,
    accountId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<RelationshipFacts> {
    return (await this.facts(viewerId, [accountId], manager)).get(accountId)!;
  }
}
