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
  User,
  ValidationError,
  visibilityFromName,
} from '@nestodon/domain';
import { decideReblog } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource, IsNull } from 'typeorm';
import { ActivityTracker } from '../instance/activity-tracker';
import { RecordInteractionService } from '../suggestions/record-interaction.service';
import { inStatusTransaction } from './status-transaction';
import { statusFacts, StatusVisibilityService } from './status-visibility.service';

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
export class ReblogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusVisibilityService,
    private readonly accountStats: AccountStatsRepository,
    private readonly statusStats: StatusStatsRepository,
    private readonly jobs: JobQueue,
    private readonly activity: ActivityTracker,
    private readonly interactions: RecordInteractionService,
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

    const created = await inStatusTransaction(this.dataSource, async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO statuses (account_id, reblog_of_id, visibility, local, text, conversation_id)
         VALUES ($1, $2, $3, $4, '', $5)
         ON CONFLICT (reblog_of_id, account_id) WHERE reblog_of_id IS NOT NULL AND deleted_at IS NULL
         DO NOTHING
         RETURNING id::text AS id, created_at`,
        [account.id, target.id, visibility, account.domain === null, target.conversationId],
      )) as Array<{ id: string; created_at: Date }>;
      if (!row) return null;
      await this.statusStats.increment(target.id, 'reblogs_count', 1, manager);
      await this.accountStats.increment(account.id, 'statuses_count', 1, manager);
      await this.accountStats.touchLastStatusAt(account.id, row.created_at, manager);
      return row.id;
    });

    if (created) {
      await this.jobs.enqueue(JobName.DistributeStatus, { statusId: created });
      if (visibility !== StatusVisibility.Private) await this.activity.record('statuses');
      await this.interactions.record(account.id, target.accountId, 'reblog');
      return (await this.statuses.findOneWithRelations(created))!;
    }
    const existing = await this.dataSource.getRepository(Status).findOneBy({
      accountId: account.id,
      reblogOfId: target.id,
      deletedAt: IsNull(),
    });
    const [reblog] = await this.statuses.findWithRelations(existing ? [existing.id] : []);
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
    const user = await this.dataSource.getRepository(User).findOneBy({ accountId: account.id });
    const preferred = visibilityFromName(readUserSettings(user?.settings, account).defaultPrivacy);
    return preferred !== undefined && REBLOG_VISIBILITIES.has(preferred)
      ? preferred
      : StatusVisibility.Private;
  }
}
