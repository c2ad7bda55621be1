import { Injectable } from '@nestjs/common';
import { Account, Limits, Status, ValidationError } from '@nestodon/domain';
import { decidePin } from '@nestodon/policies';
import { DataSource } from 'typeorm';
import { inStatusTransaction } from './status-transaction';
import { StatusVisibilityService } from './status-visibility.service';

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
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    await inStatusTransaction(this.dataSource, async (manager) => {
      // One pin at a time per account, so the cap holds under concurrency.
      await manager.query(`SELECT id FROM accounts WHERE id = $1 FOR UPDATE`, [account.id]);
      const [row] = (await manager.query(
        `SELECT count(*)::int AS count,
                bool_or(status_id = $2) AS pinned
           FROM status_pins WHERE account_id = $1`,
        [account.id, status.id],
      )) as Array<{ count: number; pinned: boolean | null }>;
      if (row.pinned) return;
      const decision = decidePin(status, account.id, row.count, Limits.accounts.maxPinnedStatuses);
      if (decision !== 'allowed') {
        throw new ValidationError(`Validation failed: ${PIN_ERRORS[decision]}`);
      }
      await manager.query(
        `INSERT INTO status_pins (account_id, status_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [account.id, status.id],
      );
    });
    return status;
  }
}
