import { Injectable, Logger } from '@nestjs/common';
import { Poll } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/**
 * Closes a poll once its expires_at has passed (JobName.ExpirePoll, enqueued with a delay when
 * the poll is created or edited). Runs before the end are no-ops, and a poll closes once, so
 * what happens at the end happens once.
 */
@Injectable()
export class ExpirePollService {
  private readonly logger = new Logger('ExpirePoll');

  constructor(private readonly dataSource: DataSource) {}

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
   * EXTENSION POINT for the notifications work: tell the voters and the author that the poll
   * ended (Mastodon's `poll` notification). Called once per poll, after it closed.
   */
  protected async notifyPollEnded(poll: Poll): Promise<void> {
    this.logger.debug(`poll ${poll.id} ended; notifications are not implemented yet`);
  }
}
