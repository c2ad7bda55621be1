import { Injectable, Logger } from '@nestjs/common';
import { Poll, PollRepository } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';

/**
 * Closes a poll once its expires_at has passed (JobName.ExpirePoll, enqueued with a delay when
 * the poll is created or edited). Runs before the end are no-ops, and a poll closes once, so
 * what happens at the end happens once: the author and every local voter are told (Mastodon's
 * `poll` notification, from the author).
 */
@Injectable()
export class ExpirePollService {
  private readonly logger = new Logger('ExpirePoll');

  constructor(
    private readonly polls: PollRepository,
    private readonly jobs: JobQueue,
  ) {}

  /** True when the poll closed now. */
  async call(pollId: string): Promise<boolean> {
    if (!(await this.polls.closeIfEnded(pollId))) return false;
    const poll = await this.polls.findById(pollId);
    if (poll) await this.notifyPollEnded(poll);
    return true;
  }

  private async notifyPollEnded(poll: Poll): Promise<void> {
    if (!poll.statusId || !poll.accountId) return;
    const voters = await this.polls.localVoterIds(poll.id, poll.accountId);
    for (const recipientId of [String(poll.accountId), ...voters]) {
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
