import { Injectable } from '@nestjs/common';
import { UserRepository } from '@nestodon/domain';
import { requireLocalUser } from '../accounts/local-accounts';
import { RegenerateHomeFeedService } from '../feeds/regenerate-home-feed.service';

/** One user by name, or every user who can sign in. */
export type FeedOwners = { username: string } | { all: true };

const PAGE = 500;

/**
 * `feeds build`: rebuilds home and list feeds from PostgreSQL (after `feeds clear`, or a
 * Redis that lost its data), `concurrency` users at a time. With `dryRun` only counts.
 * Returns how many users' feeds were built.
 */
@Injectable()
export class BuildFeedsService {
  constructor(
    private readonly users: UserRepository,
    private readonly regeneration: RegenerateHomeFeedService,
  ) {}

  async call(
    owners: FeedOwners,
    options: { concurrency: number; dryRun: boolean },
  ): Promise<number> {
    if ('username' in owners) {
      const user = await requireLocalUser(this.users, owners.username);
      if (!options.dryRun) await this.regeneration.call(user.accountId);
      return 1;
    }
    let built = 0;
    let after = '0';
    for (;;) {
      const ids = await this.users.functionalAccountIds(after, PAGE);
      if (ids.length === 0) return built;
      const queue = [...ids];
      const worker = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          if (!options.dryRun) await this.regeneration.call(id);
          built += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
      after = ids[ids.length - 1];
    }
  }
}
