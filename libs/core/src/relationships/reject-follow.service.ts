import { Injectable } from '@nestjs/common';
import { Account, FollowRepository, RecordNotFoundError } from '@nestodon/domain';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Declines `requester`'s pending request to follow `account`. No pending request: 404.
 * A remote requester is sent Reject(Follow) after commit (ActivityOutbox).
 */
@Injectable()
export class RejectFollowService {
  constructor(
    private readonly follows: FollowRepository,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    requester: Pick<Account, 'id' | 'domain'>,
    account: Pick<Account, 'id' | 'domain'>,
  ): Promise<void> {
    const request = await this.outbox.followToTell(requester, account);
    if (!(await this.follows.deleteFollowRequest(requester.id, account.id))) {
      throw new RecordNotFoundError();
    }
    if (request) await this.outbox.answerFollow('reject_follow', account, requester, request);
  }
}
