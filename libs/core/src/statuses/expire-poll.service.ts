import { Injectable, Logger } from '@nestjs/common';
import { Poll } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource } from 'typeorm';

/**
 * Closes a poll once its expires_at has passed (JobName.ExpirePoll, enqueued with a delay when
 * the poll is created or edited). Runs before the end are no-ops, and a poll closes once, so
 * what happens at the end happens once.
 */
@Injectable()
export class ExpirePollService {
  private readonly logger = new Logger('ExpirePoll');

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
  ) {}

  async call(pollId: string): Promise<boolean> {
    const [rows] = (await this.dataSource.query(
      `UPDATE polls SET closed_at = now(), updated_at = now()
        WHERE id = $1 AND closed_at IS NULL AND expires_at IS NOT NULL AND expires_at <= now()
        RETURNING id`,
      [pollId],
    )) as [Array<{ id: string }>, number];
    if (rows.length === 0) return false;
    const poll = await this.dataSource.getRepository(Poll).findOneBy({ id: pollId });
    if (poll) await this.notifyPollEnded(poll);
    return true;
  }

  /**
   * Closes every poll whose end has passed but was not processed (a delayed job lost with
   * Redis, a worker that was down): the expiry jobs sweep these on each run.
   */
  async closeOverdue(limit = 100): Promise<number> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text AS id FROM polls
        WHERE closed_at IS NULL AND expires_at IS NOT NULL AND expires_at <= now()
        ORDER BY expires_at LIMIT $1`,
      [limit],
    );
    let closed = 0;
    for (const row of rows) if (await this.call(row.id)) closed++;
    return closed;
  }

  /**
   * Tells the author and every local voter that the poll ended (Mastodon's `poll`
   * notification, from the author). Called once per poll, after it closed.
   */
  protected async notifyPollEnded(poll: Poll): Promise<void> {
    if (!poll.statusId || !poll.accountId) return;
    const voters: Array<{ account_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT v.account_id::text FROM poll_votes v
         JOIN accounts a ON a.id = v.account_id AND a.domain IS NULL
        WHERE v.poll_id = $1 AND v.account_id <> $2`,
      [poll.id, poll.accountId],
    );
    for (const recipientId of [String(poll.accountId), ...voters.map((v) => v.account_id)]) {
      try {
        await this.jobs.enqueue(JobName.Notify, {
          recipientId,
          type: 'poll',
          fromAccountId: String(poll.accountId),
          statusId: String(poll.statusId),
        });
      } catch (error) {
        this.logger.warn(`poll ${poll.id}: notification not queued: ${String(error)}`);
      }
    }
  }
}
