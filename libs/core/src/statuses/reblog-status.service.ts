import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountStatsRepository,
  NotPermittedError,
  readUserSettings,
  RecordNotFoundError,
  Status,
  StatusRepository,
  StatusStatsRepository,
  StatusVisibility,
  StatusWriteRepository,
  TransactionRunner,
  UserRepository,
  ValidationError,
  visibilityFromName,
} from '@nestodon/domain';
import { decideReblog } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { ActivityTracker } from '../instance/activity-tracker';
import { RecordInteractionService } from '../suggestions/record-interaction.service';
import { statusFacts, StatusQueries } from './status-queries';
import { ActivityOutbox } from '../outbox/activity-outbox';

const REBLOG_VISIBILITIES: ReadonlySet<StatusVisibility> = new Set([
  StatusVisibility.Public,
  StatusVisibility.Unlisted,
  StatusVisibility.Private,
]);

/**
 * Reblogs (boosts) a status the account can see. Reblogging twice returns the existing reblog.
 * Private statuses may be reblogged only by their author (403 for others, 404 for those who
 * cannot see them); direct statuses never.
 */
@Injectable()
export class ReblogStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly statuses: StatusRepository,
    private readonly writes: StatusWriteRepository,
    private readonly users: UserRepository,
    private readonly visibility: StatusQueries,
    private readonly accountStats: AccountStatsRepository,
    private readonly statusStats: StatusStatsRepository,
    private readonly jobs: JobQueue,
    private readonly activity: ActivityTracker,
    private readonly interactions: RecordInteractionService,
    private readonly outbox: ActivityOutbox,
  ) {}

  /** Returns the reblog (with the reblogged status loaded). */
  async call(
    account: Account,
    statusId: string,
    options: { visibility?: string | null } = {},
  ): Promise<Status> {
    const { status, relations } = await this.visibility.findVisible(statusId, account);
    const decision = decideReblog(statusFacts(status), relations);
    if (decision === 'hidden') throw new RecordNotFoundError();
    if (decision === 'forbidden') throw new NotPermittedError();
    const target = status.reblog ?? status;
    const visibility = await this.visibilityFor(account, target, options.visibility);

    const created = await this.transactions.run(async (tx) => {
      // A deletion of the original racing this reblog either waits for it (and removes it) or
      // committed first (and this reblog is refused): no reblog outlives its original.
      if (!(await this.writes.lockLive(target.id, tx))) throw new RecordNotFoundError();
      const reblog = await this.writes.insertReblog(
        { id: account.id, local: account.domain === null },
        target,
        visibility,
        tx,
      );
      if (!reblog) return null;
      await this.statusStats.increment(target.id, 'reblogs_count', 1, tx);
      await this.accountStats.countNewStatus(account.id, reblog.createdAt, tx);
      return reblog.id;
    });

    if (created) {
      await this.jobs.enqueue(JobName.DistributeStatus, { statusId: created });
      await this.outbox.publish(account, { type: 'create', statusId: created });
      if (visibility !== StatusVisibility.Private) await this.activity.record('statuses');
      await this.interactions.call(account.id, target.accountId, 'reblog');
    }
    const reblogId = created ?? (await this.statuses.liveReblogId(account.id, target.id));
    const reblog = reblogId ? await this.statuses.findOneWithRelations(reblogId) : null;
    if (!reblog) throw new RecordNotFoundError();
    return reblog;
  }

  private async visibilityFor(
    account: Account,
    target: Status,
    requested: string | null | undefined,
  ): Promise<StatusVisibility> {
    if (target.visibility === StatusVisibility.Private) return StatusVisibility.Private;
    if (requested) {
      const value = visibilityFromName(requested);
      if (value === undefined || !REBLOG_VISIBILITIES.has(value)) {
        throw new ValidationError('Validation failed: Visibility is not included in the list', {
          visibility: [{ error: 'ERR_INCLUSION', description: 'is not included in the list' }],
        });
      }
      return value;
    }
    const user = await this.users.findByAccountId(account.id);
    const preferred = visibilityFromName(readUserSettings(user?.settings, account).defaultPrivacy);
    return preferred !== undefined && REBLOG_VISIBILITIES.has(preferred)
      ? preferred
      : StatusVisibility.Private;
  }
}
