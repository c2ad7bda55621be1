import { Injectable } from '@nestjs/common';
import { Account, NotPermittedError, ValidationError } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { ActionLog } from './action-log';
import { AdminAccountQueries } from './admin-account-queries';
import { Moderator } from './moderator';

/**
 * DELETE /api/v1/admin/accounts/:id: erases the data of a suspended account (anything else
 * 403) in the worker, which runs DeleteAccountService. Remote accounts are not erased here
 * yet: their data arrives by federation, which owns their removal.
 */
@Injectable()
export class DeleteAccountDataService {
  constructor(
    private readonly queries: AdminAccountQueries,
    private readonly jobs: JobQueue,
    private readonly log: ActionLog,
  ) {}

  async call(moderator: Moderator, accountId: string): Promise<Account> {
    const account = await this.queries.byId(accountId);
    if (account.suspendedAt === null) throw new NotPermittedError();
    if (account.domain !== null) {
      throw new ValidationError('Only the data of local accounts can be deleted');
    }
    await this.log.record(moderator, 'destroy', {
      type: 'Account',
      id: account.id,
      name: account.username,
    });
    await this.jobs.enqueue(JobName.DeleteSuspendedAccount, { accountId: account.id });
    return account;
  }
}
