import { Injectable, Logger } from '@nestjs/common';
import { JobName, JobPayloads, JobQueue } from '@nestodon/queue';

/**
 * What relationship changes set off in feeds and notifications, as jobs enqueued after the
 * change committed (the relationship services call these): a follow merges the target's
 * statuses into home and notifies the target; a request notifies; an accepted request merges;
 * an unfollow unmerges; blocks, mutes and domain blocks clear feeds (and, for blocks,
 * notifications and conversations). A failure to enqueue is logged, never undoes the change.
 */
@Injectable()
export class RelationshipEffects {
  private readonly logger = new Logger(RelationshipEffects.name);

  constructor(private readonly jobs: JobQueue) {}

  async followed(follow: {
    id: string;
    accountId: string;
    targetAccountId: string;
  }): Promise<void> {
    await this.enqueue(JobName.FeedMerge, {
      accountId: String(follow.accountId),
      targetAccountId: String(follow.targetAccountId),
    });
    await this.enqueue(JobName.Notify, {
      recipientId: String(follow.targetAccountId),
      type: 'follow',
      fromAccountId: String(follow.accountId),
      followId: String(follow.id),
    });
  }

  async requested(request: {
    id: string;
    accountId: string;
    targetAccountId: string;
  }): Promise<void> {
    await this.enqueue(JobName.Notify, {
      recipientId: String(request.targetAccountId),
      type: 'follow_request',
      fromAccountId: String(request.accountId),
      followRequestId: String(request.id),
    });
  }

  async authorized(follow: { accountId: string; targetAccountId: string }): Promise<void> {
    await this.enqueue(JobName.FeedMerge, {
      accountId: String(follow.accountId),
      targetAccountId: String(follow.targetAccountId),
    });
  }

  async unfollowed(accountId: string, targetAccountId: string): Promise<void> {
    await this.enqueue(JobName.FeedUnmerge, { accountId, targetAccountId });
  }

  async blocked(accountId: string, targetAccountId: string): Promise<void> {
    await this.enqueue(JobName.AfterBlock, { accountId, targetAccountId });
  }

  async muted(accountId: string, targetAccountId: string): Promise<void> {
    await this.enqueue(JobName.AfterMute, { accountId, targetAccountId });
  }

  async domainBlocked(accountId: string, domain: string): Promise<void> {
    await this.enqueue(JobName.AfterDomainBlock, { accountId, domain });
  }

  private async enqueue<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void> {
    try {
      await this.jobs.enqueue(name, payload);
    } catch (error) {
      this.logger.warn(`${name} not enqueued: ${String(error)}`);
    }
  }
}
