import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  AccountStatsRepository,
  Follow,
  FollowRequest,
  NotPermittedError,
  RateLimitExceededError,
  RecordNotFoundError,
  RelationshipsRepository,
  ValidationError,
} from '@nestodon/domain';
import { RateLimiter } from '@nestodon/platform';
import { decideFollow, followLimitFor, mayFollowMore } from '@nestodon/policies';
import { DataSource, EntityManager } from 'typeorm';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowCounters } from './follow-counters';
import { inRelationshipTransaction } from './relationship-transaction';

export interface FollowOptionsInput {
  /** Show the target's boosts at home (default true for a new follow; unchanged when omitted). */
  reblogs?: boolean;
  /** Notify of the target's posts (default false; unchanged when omitted). */
  notify?: boolean;
  /** Languages to see at home; [] or null means all (unchanged when omitted). */
  languages?: string[] | null;
  /** Count the follow against Mastodon's 400 follows a day (API requests). */
  withRateLimit?: boolean;
  /** Skip the 7,500 follow limit (accepting requests, staff-chosen follows). */
  bypassLimit?: boolean;
}

export type FollowResult =
  | { kind: 'follow'; follow: Follow; created: boolean }
  | { kind: 'request'; request: FollowRequest; created: boolean };

/** Mastodon's app-level follow limit: 400 follows (and requests) per account per day. */
export const FOLLOW_RATE_LIMIT = { family: 'follows', limit: 400, periodSeconds: 24 * 3600 };

type Row = Record<string, unknown> & { inserted: boolean };

/**
 * Follows an account: at once when it is unlocked, as a follow request when it is locked, the
 * follower is silenced or the target is remote. Following again updates the options of the
 * follow or the pending request. Blocks either way, a blocked domain or a moved target forbid
 * it (403); yourself and suspended targets are not found (404).
 * Federation joins here: deliver a Follow for remote targets after commit.
 */
@Injectable()
export class FollowService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly relationships: RelationshipsRepository,
    private readonly counters: FollowCounters,
    private readonly stats: AccountStatsRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly effects: RelationshipEffects,
  ) {}

  async follow(
    source: Account,
    target: Account,
    options: FollowOptionsInput = {},
  ): Promise<FollowResult> {
    const facts = await this.relationships.between(source.id, target.id);
    const outcome = decideFollow({
      source,
      target,
      blockedBy: facts.blockedBy,
      blocking: facts.blocking,
      domainBlocking: facts.domainBlocking,
    });
    if (outcome === 'not_found') throw new RecordNotFoundError();
    if (outcome === 'forbidden') throw new NotPermittedError();

    const languages = normalizeLanguages(options.languages);
    if (facts.following) {
      return this.upsertFollow(source.id, target.id, options.reblogs, options.notify, languages);
    }
    if (facts.requested) {
      return this.upsertRequest(source.id, target.id, options.reblogs, options.notify, languages);
    }

    if (!options.bypassLimit) await this.checkFollowLimit(source.id);
    if (options.withRateLimit) {
      const hit = await this.rateLimiter.hit(FOLLOW_RATE_LIMIT, `account:${source.id}`);
      if (!hit.allowed) throw new RateLimitExceededError(hit.resetAt);
    }
    const result =
      outcome === 'follow'
        ? await this.upsertFollow(source.id, target.id, options.reblogs, options.notify, languages)
        : await this.upsertRequest(
            source.id,
            target.id,
            options.reblogs,
            options.notify,
            languages,
          );
    // Feeds and notifications (timelines work), after commit.
    if (result.kind === 'follow' && result.created) await this.effects.followed(result.follow);
    if (result.kind === 'request' && result.created) await this.effects.requested(result.request);
    return result;
  }

  /**
   * Inserts or updates the follow row; counters move only when the row is new. Also used by
   * AuthorizeFollowService through `manager`.
   */
  async upsertFollow(
    accountId: string,
    targetAccountId: string,
    reblogs: boolean | undefined,
    notify: boolean | undefined,
    languages: string[] | null | undefined,
    manager?: EntityManager,
  ): Promise<FollowResult & { kind: 'follow' }> {
    const work = async (tx: EntityManager) => {
      const row = await upsertFollowRow(tx, 'follows', accountId, targetAccountId, {
        reblogs,
        notify,
        languages,
      });
      if (row.inserted) {
        await this.counters.apply(tx, [{ accountId, targetAccountId }], 1);
        // A follow supersedes any pending request, and the pair leaves the interaction ranking
        // (suggestions never offer followed accounts; unfollowing does not bring them back).
        await tx.query(
          `DELETE FROM follow_requests WHERE account_id = $1 AND target_account_id = $2`,
          [accountId, targetAccountId],
        );
        await tx.query(
          `DELETE FROM account_interactions WHERE account_id = $1 AND target_account_id = $2`,
          [accountId, targetAccountId],
        );
      }
      return { kind: 'follow' as const, follow: toEntity(Follow, row), created: row.inserted };
    };
    return manager ? work(manager) : inRelationshipTransaction(this.dataSource, work);
  }

  private async upsertRequest(
    accountId: string,
    targetAccountId: string,
    reblogs: boolean | undefined,
    notify: boolean | undefined,
    languages: string[] | null | undefined,
  ): Promise<FollowResult & { kind: 'request' }> {
    const row = await upsertFollowRow(
      this.dataSource.manager,
      'follow_requests',
      accountId,
      targetAccountId,
      { reblogs, notify, languages },
    );
    return {
      kind: 'request',
      request: toEntity(FollowRequest, row),
      created: row.inserted,
    };
  }

  private async checkFollowLimit(accountId: string): Promise<void> {
    const stat = (await this.stats.forAccounts([accountId])).get(accountId);
    const counts = {
      followingCount: stat?.followingCount ?? 0,
      followersCount: stat?.followersCount ?? 0,
    };
    if (!mayFollowMore(counts)) {
      throw new ValidationError(
        `Validation failed: You cannot follow more than ${followLimitFor(counts)} people`,
      );
    }
  }
}

/**
 * Inserts a follow or follow request row, or updates the options of the existing one (options
 * left undefined keep their stored value). `inserted` tells whether the row is new.
 */
async function upsertFollowRow(
  manager: EntityManager,
  table: 'follows' | 'follow_requests',
  accountId: string,
  targetAccountId: string,
  options: {
    reblogs: boolean | undefined;
    notify: boolean | undefined;
    languages: string[] | null | undefined;
  },
): Promise<Row> {
  const { reblogs, notify, languages } = options;
  const [row]: Row[] = await manager.query(
    `INSERT INTO ${table} (account_id, target_account_id, show_reblogs, notify, languages)
     VALUES ($1, $2, COALESCE($3::boolean, true), COALESCE($4::boolean, false), $5::varchar[])
     ON CONFLICT (account_id, target_account_id) DO UPDATE SET
       show_reblogs = COALESCE($3::boolean, ${table}.show_reblogs),
       notify = COALESCE($4::boolean, ${table}.notify),
       languages = CASE WHEN $6::boolean THEN $5::varchar[] ELSE ${table}.languages END,
       updated_at = now()
     RETURNING *, (xmax = 0) AS inserted`,
    [
      accountId,
      targetAccountId,
      reblogs ?? null,
      notify ?? null,
      languages ?? null,
      languages !== undefined,
    ],
  );
  return row;
}

/** [] means all languages, stored as NULL; duplicates removed. */
export function normalizeLanguages(
  languages: string[] | null | undefined,
): string[] | null | undefined {
  if (languages === undefined) return undefined;
  if (languages === null || languages.length === 0) return null;
  return [...new Set(languages)];
}

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A raw RETURNING row as an entity (snake_case columns to camelCase properties). */
export function toEntity<T extends object>(type: new () => T, row: Record<string, unknown>): T {
  const entity = new type();
  for (const [key, value] of Object.entries(row)) {
    if (key === 'inserted') continue;
    (entity as Record<string, unknown>)[camel(key)] = value;
  }
  return entity;
}
