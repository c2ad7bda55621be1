import type { Account } from '@nestodon/domain';

export interface FollowFacts {
  source: Pick<Account, 'id' | 'silencedAt'>;
  target: Pick<Account, 'id' | 'domain' | 'locked' | 'suspendedAt' | 'movedToAccountId'>;
  /** The target blocks the source. */
  blockedBy: boolean;
  /** The source blocks the target. */
  blocking: boolean;
  /** The source blocks the target's whole domain. */
  domainBlocking: boolean;
}

/**
 * What following `target` does: `not_found` (yourself, or a suspended account: 404),
 * `forbidden` (a block either way, a blocked domain, or an account that moved: 403),
 * `request` (locked target, silenced follower, or a remote target that must accept) or
 * `follow` (immediate).
 */
export type FollowOutcome = 'not_found' | 'forbidden' | 'request' | 'follow';

export function decideFollow(facts: FollowFacts): FollowOutcome {
  const { source, target } = facts;
  if (source.id === target.id || target.suspendedAt !== null) return 'not_found';
  if (facts.blockedBy || facts.blocking || facts.domainBlocking) return 'forbidden';
  if (target.movedToAccountId !== null) return 'forbidden';
  if (target.locked || source.silencedAt !== null || target.domain !== null) return 'request';
  return 'follow';
}

/**
 * When a locked account unlocks, its pending requests become follows, except those from
 * silenced accounts (they stay requests). Mutes play no part, so a muted requester is accepted
 * like anyone else and cannot tell it is muted.
 */
export function acceptsRequestOnUnlock(requester: Pick<Account, 'silencedAt'>): boolean {
  return requester.silencedAt === null;
}

/** Mastodon's follow limit: 7,500, or beyond that 1.1 × the follower count. */
export const FOLLOW_LIMIT = 7500;
export const FOLLOW_LIMIT_RATIO = 1.1;

export function followLimitFor(counts: { followersCount: number }): number {
  return Math.max(FOLLOW_LIMIT, Math.round(counts.followersCount * FOLLOW_LIMIT_RATIO));
}

export function mayFollowMore(counts: { followingCount: number; followersCount: number }): boolean {
  return counts.followingCount < followLimitFor(counts);
}
