import { Injectable } from '@nestjs/common';
import { UserRepository, ValidationError } from '@nestodon/domain';
import { ModifyUserService } from './modify-user.service';

/** Which pending accounts to approve: one by name, the oldest few, or all. */
export type ApprovalSelection = { username: string } | { oldest: number } | { all: true };

/**
 * `accounts approve` of the operator CLI, for registrations that need approval. Each approval
 * goes through ModifyUserService, so a confirmed user can sign in at once and follows the
 * recommended accounts. Returns how many were approved.
 */
@Injectable()
export class ApproveAccountsService {
  constructor(
    private readonly users: UserRepository,
    private readonly modifyUser: ModifyUserService,
  ) {}

  async call(selection: ApprovalSelection): Promise<number> {
    let usernames: string[];
    if ('username' in selection) {
      usernames = [selection.username];
    } else if ('oldest' in selection) {
      if (!Number.isInteger(selection.oldest) || selection.oldest < 1) {
        throw new ValidationError('Number must be positive');
      }
      usernames = await this.users.pendingUsernames(selection.oldest);
    } else {
      usernames = await this.users.pendingUsernames();
    }
    for (const username of usernames) await this.modifyUser.call(username, { approve: true });
    return usernames.length;
  }
}
