import { Injectable } from '@nestjs/common';
import { Account, FollowRepository, Status } from '@nestodon/domain';
import { JobName, JobQueue, OutboundActivity } from '@nestodon/queue';

/**
 * Where core services report what a local account did that other servers must hear of (the
 * outbox port): each report is a job the worker renders and delivers
 * (libs/activitypub/src/outbox), so core never renders activities itself. Call it after the
 * transaction that made the change commits. What remote accounts do (inbound activities
 * handled by the same services) is not reported back.
 */
@Injectable()
export class ActivityOutbox {
  constructor(
    private readonly jobs: JobQueue,
    private readonly follows: FollowRepository,
  ) {}

  /** `actor`: the account that acted, or the status it acted with. */
  async publish(
    actor: Pick<Account, 'domain'> | Pick<Status, 'local'>,
    activity: OutboundActivity,
  ): Promise<void> {
    const local = 'local' in actor ? actor.local : actor.domain === null;
    if (!local) return;
    await this.jobs.enqueue(JobName.DistributeActivity, activity);
  }

  /** A report to send as a Flag to the servers it is forwarded to (the server itself acts). */
  async forwardReport(reportId: string): Promise<void> {
    await this.jobs.enqueue(JobName.DistributeActivity, { type: 'flag', reportId });
  }

  /**
   * A change that comes in bursts (votes in a poll), told once per `windowMs` at the end of
   * the window, as Mastodon spaces out its poll Updates; `key` names what changed.
   */
  async publishSettled(
    actor: Pick<Status, 'local'>,
    activity: OutboundActivity,
    key: string,
    windowMs: number,
  ): Promise<void> {
    if (!actor.local) return;
    const window = Math.floor(Date.now() / windowMs);
    await this.jobs.enqueue(JobName.DistributeActivity, activity, {
      jobId: `${key}-${window}`,
      delay: (window + 1) * windowMs - Date.now(),
    });
  }

  /** What a local account did to a remote one (follow, block, an answer to its follow). */
  async publishTo(
    actor: Pick<Account, 'domain'>,
    target: Pick<Account, 'domain'>,
    activity: OutboundActivity,
  ): Promise<void> {
    if (target.domain === null) return;
    await this.publish(actor, activity);
  }

  /**
   * The follow (or request) of `target` by `follower` as an Undo or an answer names it, read
   * before it goes; null when both are local (no server to tell) or there is none.
   */
  async followToTell(
    follower: Pick<Account, 'id' | 'domain'>,
    target: Pick<Account, 'id' | 'domain'>,
  ): Promise<{ id: string; uri: string | null } | null> {
    if (follower.domain === null && target.domain === null) return null;
    return this.follows.link(follower.id, target.id);
  }

  /**
   * A local account's answer to a remote account's follow (request), named by the row the
   * Follow made (`follow`: its id and ActivityPub id, read before it went).
   */
  answerFollow(
    type: 'accept_follow' | 'reject_follow',
    account: Pick<Account, 'id' | 'domain'>,
    follower: Pick<Account, 'id' | 'domain'>,
    follow: { id: string; uri: string | null },
  ): Promise<void> {
    return this.publishTo(account, follower, {
      type,
      accountId: account.id,
      followerId: follower.id,
      followId: follow.id,
      followUri: follow.uri,
    });
  }

  /** A block of a remote account made or lifted. */
  changeBlock(
    type: 'block' | 'unblock',
    account: Pick<Account, 'id' | 'domain'>,
    target: Pick<Account, 'id' | 'domain'>,
    blockId: string,
  ): Promise<void> {
    return this.publishTo(account, target, {
      type,
      accountId: account.id,
      targetAccountId: target.id,
      blockId,
    });
  }
}
