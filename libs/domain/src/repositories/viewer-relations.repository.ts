import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { queryPrepared } from './raw-rows';

/** The viewer's relations to a set of accounts, domains and statuses (see libs/policies). */
export interface ViewerRelationSets {
  following: Set<string>;
  blocking: Set<string>;
  blockedBy: Set<string>;
  muting: Set<string>;
  domainBlocking: Set<string>;
  mentionedIn: Set<string>;
}

/** No relations yet: sets to fill. */
export function emptyRelationSets(): ViewerRelationSets {
  return {
    following: new Set(),
    blocking: new Set(),
    blockedBy: new Set(),
    muting: new Set(),
    domainBlocking: new Set(),
    mentionedIn: new Set(),
  };
}

export interface RelationTargets {
  accountIds: Iterable<string>;
  statusIds?: Iterable<string>;
  domains?: Iterable<string>;
}

/**
 * Loads what status visibility needs about a viewer in one query, whatever the number of
 * accounts and statuses: follows, blocks both ways, live mutes, blocked domains, mentions.
 */
@Injectable()
export class ViewerRelationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async load(
    viewerId: string,
    targets: RelationTargets,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<ViewerRelationSets> {
    const accountIds = [...new Set(targets.accountIds)];
    const statusIds = [...new Set(targets.statusIds ?? [])];
    const domains = [...new Set(targets.domains ?? [])];
    const sets = emptyRelationSets();
    if (accountIds.length === 0 && statusIds.length === 0 && domains.length === 0) return sets;
    const rows: Array<{ kind: keyof ViewerRelationSets; value: string }> = await queryPrepared(
      this.dataSource,
      `SELECT 'following' AS kind, target_account_id::text AS value FROM follows
         WHERE account_id = $1 AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'blocking', target_account_id::text FROM blocks
         WHERE account_id = $1 AND target_account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'blockedBy', account_id::text FROM blocks
         WHERE target_account_id = $1 AND account_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'muting', target_account_id::text FROM mutes
         WHERE account_id = $1 AND target_account_id = ANY($2::bigint[])
           AND (expires_at IS NULL OR expires_at > now())
       UNION ALL
       SELECT 'domainBlocking', domain FROM account_domain_blocks
         WHERE account_id = $1 AND domain = ANY($4::varchar[])
       UNION ALL
       SELECT 'mentionedIn', status_id::text FROM mentions
         WHERE account_id = $1 AND status_id = ANY($3::bigint[])`,
      [viewerId, accountIds, statusIds, domains],
      manager,
    );
    for (const row of rows) sets[row.kind].add(row.value);
    return sets;
  }
}
