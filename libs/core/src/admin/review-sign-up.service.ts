import { Injectable } from '@nestjs/common';
import { Account, NotPermittedError } from '@nestodon/domain';
import { DeleteAccountService } from '../accounts/delete-account.service';
import { ModifyUserService } from '../accounts/modify-user.service';
import { ActionLog } from './action-log';
import { AdminAccountQueries } from './admin-account-queries';
import { Moderator } from './moderator';

/**
 * Approves or rejects a sign-up waiting for approval (local accounts with a login not yet
 * approved; anything else 403). Approval lets the user in (and follow the recommended
 * accounts, as ModifyUserService does); rejection deletes the account. Returns the account
 * as it was before a rejection, as it is after an approval.
 */
@Injectable()
export class ReviewSignUpService {
  constructor(
    private readonly queries: AdminAccountQueries,
    private readonly modifyUser: ModifyUserService,
    private readonly deleteAccount: DeleteAccountService,
    private readonly log: ActionLog,
  ) {}

  async call(
    moderator: Moderator,
    accountId: string,
    decision: 'approve' | 'reject',
  ): Promise<Account> {
    const { account, facts } = await this.queries.withFacts(accountId);
    if (!facts.user || account.domain !== null || facts.user.approved) {
      throw new NotPermittedError();
    }
    const target = { type: 'User' as const, id: facts.user.id, name: account.username };
    if (decision === 'approve') {
      await this.modifyUser.call(account.username, { approve: true });
      await this.log.record(moderator, 'approve', target);
      return this.queries.byId(account.id);
    }
    await this.log.record(moderator, 'reject', target);
    await this.deleteAccount.call(account);
    return account;
  }
}
