import { Injectable } from '@nestjs/common';
import { PollRepository, Status, StatusRepository, StatusVisibility } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { firstLinkOf } from '../cards/link-card-parser';
import { ActivityTracker } from '../instance/activity-tracker';
import { RecordInteractionService } from '../suggestions/record-interaction.service';
import { TagHistory } from '../tags/tag-history';
import { enqueuePollExpiry } from './status-jobs';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * What follows a new status once it is committed (Mastodon's postprocessing): fan-out
 * enqueued, the poll's end scheduled, weekly activity and daily hashtag use counted for public
 * and unlisted statuses (and their first link's preview card fetched), and a reply remembered as an interaction (follow suggestions).
 */
@Injectable()
export class PostprocessStatusService {
  constructor(
    private readonly jobs: JobQueue,
    private readonly polls: PollRepository,
    private readonly statuses: StatusRepository,
    private readonly activity: ActivityTracker,
    private readonly tagHistory: TagHistory,
    private readonly interactions: RecordInteractionService,
    private readonly outbox: ActivityOutbox,
  ) {}

  /** The steps are independent of each other: they run at once (fewer sequential round trips). */
  async call(status: Status): Promise<void> {
    const steps: Array<Promise<unknown>> = [
      this.jobs.enqueue(JobName.DistributeStatus, { statusId: status.id }),
      this.outbox.publish(status, { type: 'create', statusId: status.id }),
    ];
    if (status.pollId) steps.push(this.schedulePollExpiry(status.pollId));
    if (
      status.visibility === StatusVisibility.Public ||
      status.visibility === StatusVisibility.Unlisted
    ) {
      steps.push(this.activity.record('statuses'), this.recordTagUse(status));
      if (firstLinkOf(status.contentHtml)) {
        steps.push(this.jobs.enqueue(JobName.FetchLinkCard, { statusId: status.id }));
      }
    }
    if (status.inReplyToAccountId) {
      steps.push(this.interactions.call(status.accountId, status.inReplyToAccountId, 'reply'));
    }
    await Promise.all(steps);
  }

  private async schedulePollExpiry(pollId: string): Promise<void> {
    const poll = await this.polls.findById(pollId);
    if (poll) await enqueuePollExpiry(this.jobs, poll);
  }

  private async recordTagUse(status: Status): Promise<void> {
    const tagIds = await this.statuses.tagIds(status.id);
    await Promise.all(tagIds.map((tagId) => this.tagHistory.record(tagId, status.accountId)));
  }
}
