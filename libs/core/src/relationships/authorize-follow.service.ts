import { Injectable } from '@nestjs/common';
import {
  Account,
  Follow,
  FollowRepository,
  RecordNotFoundError,
  TransactionRunner,
} from '@nestodon/domain';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowLedger } from './follow-ledger';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Accepts `requester`'s pending request to follow `account`: the request becomes a follow with
 * the options it carried (the follow limit does not apply). No pending request: 404.
 * A remote requester is sent Accept(Follow) after commit (ActivityOutbox).
 */
@Injectable()
export class AuthorizeFollowService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly follows: FollowRepository,
    private readonly ledger: FollowLedger,
    private readonly effects: RelationshipEffects,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    requester: Pick<Account, 'id' | 'domain'>,
    account: Pick<Account, 'id' | 'domain'>,
  ): Promise<Follow> {
    const request = await this.outbox.followToTell(requester, account);
    const follow = await this.transactions.run(async (tx) => {
      const request = await this.follows.takeFollowRequest(requester.id, account.id, tx);
      if (!request) throw new RecordNotFoundError();
      const { follow } = await this.ledger.upsertFollow(
        requester.id,
        account.id,
        { reblogs: request.showReblogs, notify: request.notify, languages: request.languages },
        tx,
      );
      return follow;
    });
    await this.effects.authorized(follow);
    if (request) await this.outbox.answerFollow('accept_follow', account, requester, request);
    return follow;
  }
}
