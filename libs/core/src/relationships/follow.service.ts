import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountStatsRepository,
  Follow,
  FollowOptionChanges,
  FollowRepository,
  FollowRequest,
  NotPermittedError,
  RateLimitExceededError,
  RecordNotFoundError,
  RelationshipsRepository,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { RateLimiter } from '@nestodon/platform';
import { decideFollow, followLimitFor, mayFollowMore } from '@nestodon/policies';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowLedger } from './follow-ledger';
import { ActivityOutbox } from '../outbox/activity-outbox';

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
  /** The ActivityPub id of a remote account's Follow, which our Accept or Reject names. */
  uri?: string;
}

export type FollowResult =
  | { kind: 'follow'; follow: Follow; created: boolean }
  | { kind: 'request'; request: FollowRequest; created: boolean };

/** Mastodon's app-level follow limit: 400 follows (and requests) per account per day. */
export const FOLLOW_RATE_LIMIT = { family: 'follows', limit: 400, periodSeconds: 24 * 3600 };

/**
 * Follows an account: at once when it is unlocked, as a follow request when it is locked, the
 * follower is silenced or the target is remote. Following again updates the options of the
 * follow or the pending request. Blocks either way, a blocked domain or a moved target forbid
 * it (403); yourself and suspended targets are not found (404).
 * A remote target is sent the Follow after commit (ActivityOutbox).
 */
@Injectable()
export class FollowService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly relationships: RelationshipsRepository,
    private readonly follows: FollowRepository,
    private readonly ledger: FollowLedger,
    private readonly stats: AccountStatsRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly effects: RelationshipEffects,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
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

    const changes: FollowOptionChanges = {
      reblogs: options.reblogs,
      notify: options.notify,
      languages: normalizeLanguages(options.languages),
      uri: options.uri,
    };
    if (facts.following) {
      const result = await this.upsertFollow(source.id, target.id, changes);
      // A remote server asking again (it lost our Accept) is answered again, as Mastodon does.
      await this.outbox.answerFollow('accept_follow', target, source, result.follow);
      return result;
    }
    if (facts.requested) return this.upsertRequest(source.id, target.id, changes);

    if (!options.bypassLimit) await this.checkFollowLimit(source.id);
    if (options.withRateLimit) {
      const hit = await this.rateLimiter.hit(FOLLOW_RATE_LIMIT, `account:${source.id}`);
      if (!hit.allowed) throw new RateLimitExceededError(hit.resetAt);
    }
    const result =
      outcome === 'follow'
        ? await this.upsertFollow(source.id, target.id, changes)
        : await this.upsertRequest(source.id, target.id, changes);
    // Feeds and notifications (timelines work), after commit.
    if (result.kind === 'follow' && result.created) {
      await this.effects.followed(result.follow);
      // A remote follower of an unlocked local account is accepted at once, as Mastodon does.
      await this.outbox.answerFollow('accept_follow', target, source, result.follow);
    }
    if (result.kind === 'request' && result.created) {
      await this.effects.requested(result.request);
      // A remote account answers the Follow with Accept or Reject (libs/activitypub inbox).
      await this.outbox.publishTo(source, target, {
        type: 'follow',
        accountId: source.id,
        targetAccountId: target.id,
        followId: result.request.id,
        followUri: result.request.uri,
      });
    }
    return result;
  }

  private async upsertFollow(
    accountId: string,
    targetAccountId: string,
    changes: FollowOptionChanges,
  ): Promise<FollowResult & { kind: 'follow' }> {
    const { follow, created } = await this.transactions.run((tx) =>
      this.ledger.upsertFollow(accountId, targetAccountId, changes, tx),
    );
    return { kind: 'follow', follow, created };
  }

  private async upsertRequest(
    accountId: string,
    targetAccountId: string,
    changes: FollowOptionChanges,
  ): Promise<FollowResult & { kind: 'request' }> {
    const { request, inserted } = await this.follows.upsertFollowRequest(
      accountId,
      targetAccountId,
      changes,
    );
    return { kind: 'request', request, created: inserted };
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

/** [] means all languages, stored as NULL; duplicates removed. */
export function normalizeLanguages(
  languages: string[] | null | undefined,
): string[] | null | undefined {
  if (languages === undefined) return undefined;
  if (languages === null || languages.length === 0) return null;
  return [...new Set(languages)];
}
