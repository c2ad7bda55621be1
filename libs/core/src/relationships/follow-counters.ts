import { Injectable } from '@nestjs/common';
import { AccountStatsRepository } from '@nestodon/domain';
import { EntityManager } from 'typeorm';

export interface FollowPair {
  accountId: string;
  targetAccountId: string;
}

/**
 * Keeps following_count/followers_count exact: called in the transaction that inserted or
 * deleted the follow rows, with only the rows that statement really changed. Counter rows are
 * updated in ascending account id order so concurrent transactions never lock them in
 * opposite orders.
 */
@Injectable()
export class FollowCounters {
  constructor(private readonly stats: AccountStatsRepository) {}

  async apply(manager: EntityManager, pairs: FollowPair[], delta: 1 | -1): Promise<void> {
    const changes = new Map<string, { following: number; followers: number }>();
    const entry = (id: string) => {
      let change = changes.get(id);
      if (!change) changes.set(id, (change = { following: 0, followers: 0 }));
      return change;
    };
    for (const pair of pairs) {
      entry(String(pair.accountId)).following += delta;
      entry(String(pair.targetAccountId)).followers += delta;
    }
    const ids = [...changes.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    for (const id of ids) {
      const change = changes.get(id)!;
      if (change.following)
        await this.stats.increment(id, 'following_count', change.following, manager);
      if (change.followers)
        await this.stats.increment(id, 'followers_count', change.followers, manager);
    }
  }
}
