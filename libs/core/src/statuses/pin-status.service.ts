import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  Limits,
  Status,
  StatusPinRepository,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { decidePin } from '@nestodon/policies';
import { StatusQueries } from './status-queries';
import { ActivityOutbox } from '../outbox/activity-outbox';

const PIN_ERRORS = {
  reblog: 'A boost cannot be pinned',
  ownership: "Someone else's post cannot be pinned",
  direct: 'Posts that are only visible to mentioned users cannot be pinned',
  limit: 'You have already pinned the maximum number of posts',
} as const;

/**
 * Pins one's own public, unlisted or private status to the profile, at most
 * Limits.accounts.maxPinnedStatuses (Mastodon's 5). Pinning a pinned status changes nothing.
 */
@Injectable()
export class PinStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly visibility: StatusQueries,
    private readonly accounts: AccountRepository,
    private readonly pins: StatusPinRepository,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const added = await this.transactions.run(async (tx) => {
      // One pin at a time per account, so the cap holds under concurrency.
      await this.accounts.lock(account.id, tx);
      const { count, pinned } = await this.pins.pins(account.id, status.id, tx);
      if (pinned) return false;
      const decision = decidePin(status, account.id, count, Limits.accounts.maxPinnedStatuses);
      if (decision !== 'allowed') {
        throw new ValidationError(`Validation failed: ${PIN_ERRORS[decision]}`);
      }
      await this.pins.insert(account.id, status.id, tx);
      return true;
    });
    if (added) {
      await this.outbox.publish(account, {
        type: 'pin',
        accountId: account.id,
        statusId: status.id,
      });
    }
    return status;
  }
}
