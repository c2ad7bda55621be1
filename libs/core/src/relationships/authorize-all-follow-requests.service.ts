import { Injectable } from '@nestjs/common';
import { Account, FollowRepository, RecordNotFoundError } from '@nestodon/domain';
import { acceptsRequestOnUnlock } from '@nestodon/policies';
import { AuthorizeFollowService } from './authorize-follow.service';

const BATCH = 500;

/**
 * When an account unlocks, its pending follow requests are accepted, except those from
 * silenced accounts. Requesters the account muted are accepted like anyone else, so that the
 * mute cannot be inferred. The profile update enqueues JobName.AuthorizeAllFollowRequests when
 * `locked` goes from true to false; the worker then runs this. Returns how many requests
 * became follows.
 */
@Injectable()
export class AuthorizeAllFollowRequestsService {
  constructor(
    private readonly follows: FollowRepository,
    private readonly authorizeFollow: AuthorizeFollowService,
  ) {}

  async call(account: Pick<Account, 'id' | 'domain'>): Promise<number> {
    let accepted = 0;
    let afterId = '0';
    for (;;) {
      const pending = await this.follows.pendingRequestersAfter(account.id, afterId, BATCH);
      for (const requester of pending) {
        if (!acceptsRequestOnUnlock({ silencedAt: requester.silencedAt })) continue;
        try {
          await this.authorizeFollow.call(
            { id: requester.accountId, domain: requester.domain },
            account,
          );
          accepted++;
        } catch (error) {
          if (!(error instanceof RecordNotFoundError)) throw error; // withdrawn meanwhile
        }
      }
      if (pending.length < BATCH) return accepted;
      afterId = pending[pending.length - 1].requestId;
    }
  }
}
