import { Injectable } from '@nestjs/common';
import { Account, Status } from '@nestodon/domain';
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
  constructor(private readonly jobs: JobQueue) {}

  /** `actor`: the account that acted, or the status it acted with. */
  async publish(
    actor: Pick<Account, 'domain'> | Pick<Status, 'local'>,
    activity: OutboundActivity,
  ): Promise<void> {
    const local = 'local' in actor ? actor.local : actor.domain === null;
    if (!local) return;
    await this.jobs.enqueue(JobName.DistributeActivity, activity);
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
}
