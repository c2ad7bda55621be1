import { Injectable } from '@nestjs/common';
import { Account, FollowRepository, RecordNotFoundError } from '@nestodon/domain';

/**
 * Declines `requester`'s pending request to follow `account`. No pending request: 404.
 * Federation joins here: send Reject(Follow) to a remote requester after commit.
 */
@Injectable()
export class RejectFollowService {
  constructor(private readonly follows: FollowRepository) {}

  async call(requester: Pick<Account, 'id'>, account: Pick<Account, 'id'>): Promise<void> {
    if (!(await this.follows.deleteFollowRequest(requester.id, account.id))) {
      throw new RecordNotFoundError();
    }
  }
}
