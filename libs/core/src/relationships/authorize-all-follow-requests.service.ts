import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, RecordNotFoundError } from '@nestodon/domain';
import { acceptsRequestOnUnlock } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource } from 'typeorm';
import { AuthorizeFollowService } from './authorize-follow.service';

const BATCH = 500;

/**
 * When an account unlocks, its pending follow requests are accepted, except those from
 * silenced accounts. Requesters the account muted are accepted like anyone else, so that the
 * mute cannot be inferred. The profile update calls `schedule` when `locked` goes from true to
 * false; the worker then runs `authorizeAll` (JobName.AuthorizeAllFollowRequests).
 */
@Injectable()
export class AuthorizeAllFollowRequestsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly authorizeFollow: AuthorizeFollowService,
    private readonly jobs: JobQueue,
  ) {}

  /** Accept the pending requests in the worker (after the unlock committed). */
  async schedule(account: Pick<Account, 'id'>): Promise<void> {
    await this.jobs.enqueue(JobName.AuthorizeAllFollowRequests, { accountId: String(account.id) });
  }

  /** Returns how many requests became follows. */
  async authorizeAll(account: Pick<Account, 'id'>): Promise<number> {
    let accepted = 0;
    let afterId = '0';
    for (;;) {
      const rows: Array<{ id: string; account_id: string; silenced_at: Date | null }> =
        await this.dataSource.query(
          `SELECT r.id, r.account_id, a.silenced_at FROM follow_requests r
             JOIN accounts a ON a.id = r.account_id
            WHERE r.target_account_id = $1 AND r.id > $2 ORDER BY r.id LIMIT $3`,
          [account.id, afterId, BATCH],
        );
      for (const row of rows) {
        if (!acceptsRequestOnUnlock({ silencedAt: row.silenced_at })) continue;
        try {
          await this.authorizeFollow.authorize({ id: String(row.account_id) }, account);
          accepted++;
        } catch (error) {
          if (!(error instanceof RecordNotFoundError)) throw error; // withdrawn meanwhile
        }
      }
      if (rows.length < BATCH) return accepted;
      afterId = String(rows[rows.length - 1].id);
    }
  }
}
