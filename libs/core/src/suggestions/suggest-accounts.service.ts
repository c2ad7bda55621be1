import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, ACTIVE_MUTE, domainNotBlockedBy, listableAccount } from '@nestodon/domain';
import type { SuggestionSource } from '@nestodon/serializers';
import { DataSource, In } from 'typeorm';
import { INTERACTION_WINDOW_DAYS } from './record-interaction.service';

export interface AccountSuggestion {
  account: Account;
  sources: SuggestionSource[];
}

/** "Recently active" for the cold-start list: posted or signed in within this many days. */
export const ACTIVE_WITHIN_DAYS = 30;

/**
 * SQL condition: account `a` may be suggested to `$1`. Not yourself; listable (not suspended,
 * silenced, moved or memorialised; a local one can sign in); not locked; not already followed or
 * requested; no block either way; not muted; domain not blocked; not dismissed.
 */
const SUGGESTIBLE = `
  a.id <> $1 AND ${listableAccount('a')} AND NOT a.locked
  AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.account_id = $1 AND f.target_account_id = a.id)
  AND NOT EXISTS (SELECT 1 FROM follow_requests r WHERE r.account_id = $1 AND r.target_account_id = a.id)
  AND NOT EXISTS (SELECT 1 FROM blocks b
                   WHERE (b.account_id = $1 AND b.target_account_id = a.id)
                      OR (b.account_id = a.id AND b.target_account_id = $1))
  AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.account_id = $1 AND m.target_account_id = a.id
                     AND ${ACTIVE_MUTE})
  AND ${domainNotBlockedBy('$1')}
  AND NOT EXISTS (SELECT 1 FROM follow_recommendation_suppressions s
                   WHERE s.account_id = $1 AND s.target_account_id = a.id)`;

/**
 * Whom to follow, best first, in three tiers (Mastodon's order of sources):
 *  1. `featured`: accounts staff recommend (recommended_accounts), in the order they were added;
 *  2. `most_interactions`: accounts the user recently replied to (1), favourited (10) or
 *     reblogged (20), by score (account_interactions, fed by RecordInteractionService);
 *  3. `most_followed`: the cold-start list, popular and recently active discoverable local
 *     accounts by follower count, filling what the user's own history does not.
 * An account found by several tiers is listed once with every source. One query per tier.
 */
@Injectable()
export class SuggestAccountsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async suggest(account: Pick<Account, 'id'>, limit: number): Promise<AccountSuggestion[]> {
    const ranked = new Map<string, SuggestionSource[]>();
    const add = (ids: string[], source: SuggestionSource) => {
      for (const id of ids) {
        const sources = ranked.get(id);
        if (sources) sources.push(source);
        else if (ranked.size < limit) ranked.set(id, [source]);
      }
    };
    add(await this.featured(account.id, limit), 'featured');
    add(await this.interactions(account.id, limit), 'most_interactions');
    if (ranked.size < limit) add(await this.popular(account.id, limit), 'most_followed');

    if (ranked.size === 0) return [];
    const accounts = await this.dataSource
      .getRepository(Account)
      .findBy({ id: In([...ranked.keys()]) });
    const byId = new Map(accounts.map((row) => [String(row.id), row]));
    return [...ranked].flatMap(([id, sources]) => {
      const found = byId.get(id);
      return found ? [{ account: found, sources }] : [];
    });
  }

  private async ids(sql: string, params: unknown[]): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(sql, params);
    return rows.map((row) => String(row.id));
  }

  private featured(viewerId: string, limit: number): Promise<string[]> {
    return this.ids(
      `SELECT a.id FROM recommended_accounts ra JOIN accounts a ON a.id = ra.account_id
        WHERE ${SUGGESTIBLE} ORDER BY ra.id LIMIT $2`,
      [viewerId, limit],
    );
  }

  private interactions(viewerId: string, limit: number): Promise<string[]> {
    return this.ids(
      `SELECT a.id FROM account_interactions i JOIN accounts a ON a.id = i.target_account_id
        WHERE i.account_id = $1 AND i.score > 0
          AND i.last_interacted_at > now() - make_interval(days => $3)
          AND ${SUGGESTIBLE}
        ORDER BY i.score DESC, i.last_interacted_at DESC LIMIT $2`,
      [viewerId, limit, INTERACTION_WINDOW_DAYS],
    );
  }

  private popular(viewerId: string, limit: number): Promise<string[]> {
    return this.ids(
      `SELECT a.id FROM accounts a
         LEFT JOIN account_stats st ON st.account_id = a.id
         JOIN users u ON u.account_id = a.id
        WHERE a.domain IS NULL AND a.discoverable IS TRUE AND ${SUGGESTIBLE}
          AND (st.last_status_at > now() - make_interval(days => $3)
               OR u.current_sign_in_at > now() - make_interval(days => $3))
        ORDER BY COALESCE(st.followers_count, 0) DESC, st.last_status_at DESC NULLS LAST, a.id DESC
        LIMIT $2`,
      [viewerId, limit, ACTIVE_WITHIN_DAYS],
    );
  }
}
