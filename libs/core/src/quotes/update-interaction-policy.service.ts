import { Injectable } from '@nestjs/common';
import {
  Account,
  NotPermittedError,
  readUserSettings,
  Status,
  StatusRepository,
  StatusWriteRepository,
  TransactionRunner,
  UserRepository,
} from '@nestodon/domain';
import { canEditStatus, quoteApprovalPolicyBits } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { StatusQueries } from '../statuses/status-queries';
import { quotePolicyChoice } from '../statuses/status-rules';

/**
 * PUT /api/v1/statuses/:id/interaction_policy: the author changes who may quote one of their
 * statuses (`quote_approval_policy`: public, followers or nobody; absent: their default).
 * Private and direct statuses stay quotable by their author only. A change is redistributed as
 * an update (no notifications), as Mastodon broadcasts it. Others' statuses are 403 (404 when
 * not visible).
 */
@Injectable()
export class UpdateInteractionPolicyService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly statuses: StatusRepository,
    private readonly writes: StatusWriteRepository,
    private readonly users: UserRepository,
    private readonly visibility: StatusQueries,
    private readonly jobs: JobQueue,
  ) {}

  async call(
    account: Account,
    statusId: string,
    quoteApprovalPolicy: string | null | undefined,
  ): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    if (!canEditStatus(status, account.id)) throw new NotPermittedError();
    const user = await this.users.findByAccountId(account.id);
    const choice = quotePolicyChoice(
      quoteApprovalPolicy,
      readUserSettings(user?.settings, account).defaultQuotePolicy,
    );
    const changed = await this.transactions.run(async (tx) => {
      const locked = await this.writes.lockForEdit(status.id, tx);
      if (!locked || !canEditStatus(locked, account.id)) throw new NotPermittedError();
      const bits = quoteApprovalPolicyBits(choice, locked.visibility);
      if (bits === locked.quoteApprovalPolicy) return false;
      await this.writes.update(status.id, { quoteApprovalPolicy: bits }, tx);
      return true;
    });
    if (changed) {
      await this.jobs.enqueue(JobName.DistributeStatus, {
        statusId: status.id,
        update: true,
        skipNotifications: true,
      });
    }
    return (await this.statuses.findOneWithRelations(status.id))!;
  }
}
