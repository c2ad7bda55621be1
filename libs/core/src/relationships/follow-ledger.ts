import { Injectable } from '@nestjs/common';
import {
  AccountInteractionRepository,
  AccountPair,
  AccountStatsRepository,
  EndorsementRepository,
  Follow,
  FollowOptionChanges,
  FollowRepository,
  Transaction,
} from '@nestodon/domain';

export interface UnfollowResult {
  /** A follow was removed. */
  unfollowed: boolean;
  /** A pending follow request was withdrawn. */
  withdrewRequest: boolean;
}

/**
 * Every change to follow rows goes through here, in the caller's transaction, so that
 * following_count/followers_count stay exact: counters move by the rows a statement really
 * inserted or deleted, and counter rows are updated in ascending account id order so that
 * concurrent transactions never lock them in opposite orders.
 */
@Injectable()
export class FollowLedger {
  constructor(
    private readonly follows: FollowRepository,
    private readonly stats: AccountStatsRepository,
    private readonly endorsements: EndorsementRepository,
    private readonly interactions: AccountInteractionRepository,
  ) {}

  /**
   * Inserts the follow or updates its options. A new follow is counted, supersedes a pending
   * request, and takes the pair out of the interaction ranking (suggestions never offer
   * followed accounts; unfollowing does not bring them back).
   */
  async upsertFollow(
    accountId: string,
    targetAccountId: string,
    options: FollowOptionChanges,
    tx: Transaction,
  ): Promise<{ follow: Follow; created: boolean }> {
    const { follow, inserted } = await this.follows.upsertFollow(
      accountId,
      targetAccountId,
      options,
      tx,
    );
    if (inserted) {
      await this.count([{ accountId, targetAccountId }], 1, tx);
      await this.follows.deleteFollowRequest(accountId, targetAccountId, tx);
      await this.interactions.deleteInteraction(accountId, targetAccountId, tx);
    }
    return { follow, created: inserted };
  }

  /**
   * Removes the follow `accountId` → `targetAccountId` with the endorsement that needed it
   * (you can only feature whom you follow), and withdraws a pending request.
   */
  async removeFollow(
    accountId: string,
    targetAccountId: string,
    tx: Transaction,
  ): Promise<UnfollowResult> {
    const unfollowed = await this.follows.deleteFollow(accountId, targetAccountId, tx);
    if (unfollowed) {
      await this.count([{ accountId, targetAccountId }], -1, tx);
      await this.endorsements.deleteEndorsement(accountId, targetAccountId, tx);
    }
    const withdrewRequest = await this.follows.deleteFollowRequest(accountId, targetAccountId, tx);
    return { unfollowed, withdrewRequest };
  }

  /** Ends the follows between two accounts, both ways. */
  async severBetween(accountId: string, otherAccountId: string, tx: Transaction): Promise<void> {
    await this.count(
      await this.follows.deleteFollowsBetween(accountId, otherAccountId, tx),
      -1,
      tx,
    );
  }

  /** Ends the follows between an account and every account on a domain, both ways. */
  async severWithDomain(accountId: string, domain: string, tx: Transaction): Promise<void> {
    await this.count(await this.follows.deleteFollowsWithDomain(accountId, domain, tx), -1, tx);
  }

  private async count(pairs: AccountPair[], delta: 1 | -1, tx: Transaction): Promise<void> {
    const changes = new Map<string, { following: number; followers: number }>();
    const entry = (id: string) => {
      let change = changes.get(id);
      if (!change) changes.set(id, (change = { following: 0, followers: 0 }));
      return change;
    };
    for (const pair of pairs) {
      entry(pair.accountId).following += delta;
      entry(pair.targetAccountId).followers += delta;
    }
    const ids = [...changes.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    for (const id of ids) {
      const change = changes.get(id)!;
      if (change.following) await this.stats.increment(id, 'following_count', change.following, tx);
      if (change.followers) await this.stats.increment(id, 'followers_count', change.followers, tx);
    }
  }
}
