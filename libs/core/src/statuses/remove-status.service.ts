import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountStatsRepository,
  isValidId,
  RecordNotFoundError,
  Status,
  StatusRepository,
  StatusStatsRepository,
  StatusVisibility,
} from '@nestodon/domain';
import { countsAsReply, countsInStatusesCount } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { DataSource, EntityManager } from 'typeorm';
import { inStatusTransaction } from './status-transaction';

interface RemovedRow {
  id: string;
  account_id: string;
  visibility: StatusVisibility;
  reblog_of_id: string | null;
  in_reply_to_id: string | null;
}

/**
 * Deletes one's own status: soft deletion (the row stays for reports and moderation),
 * invisible everywhere at once; its reblogs go too, pins are removed, counters fall back. For
 * delete-and-redraft the media are detached so the new post can reuse them (unless
 * `deleteMedia`). Feeds are cleaned after commit (JobName.UndistributeStatus).
 */
@Injectable()
export class RemoveStatusService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly statuses: StatusRepository,
    private readonly accountStats: AccountStatsRepository,
    private readonly statusStats: StatusStatsRepository,
    private readonly jobs: JobQueue,
  ) {}

  /** Returns the deleted status (author, reblog loaded) so the response can show its source. */
  async call(
    account: Account,
    statusId: string,
    options: { deleteMedia?: boolean } = {},
  ): Promise<Status> {
    if (!isValidId(statusId)) throw new RecordNotFoundError();
    // Loaded before deletion: the response shows the media the redraft may reuse.
    const before = await this.statuses.findOneWithRelations(statusId);
    if (!before || before.accountId !== account.id) throw new RecordNotFoundError();
    const removed = await inStatusTransaction(this.dataSource, async (manager) => {
      const rows = await this.removeWithin(manager, `id = $1 AND account_id = $2`, [
        statusId,
        account.id,
      ]);
      if (rows.length === 0) throw new RecordNotFoundError();
      if (!options.deleteMedia) {
        await manager.query(
          `UPDATE media_attachments SET status_id = NULL, updated_at = now() WHERE status_id = $1`,
          [statusId],
        );
      }
      return rows;
    });
    await this.undistribute(removed);
    before.deletedAt = new Date();
    return before;
  }

  /** Deletes the account's live reblog of a status; false when there is none. */
  async removeReblog(account: Account, rebloggedId: string): Promise<boolean> {
    const removed = await inStatusTransaction(this.dataSource, (manager) =>
      this.removeWithin(manager, `reblog_of_id = $1 AND account_id = $2`, [
        rebloggedId,
        account.id,
      ]),
    );
    await this.undistribute(removed);
    return removed.length > 0;
  }

  /**
   * Marks the matching live statuses deleted, with their reblogs, and fixes every counter they
   * touched. Returns what was deleted (the statuses first, then the reblogs).
   */
  private async removeWithin(
    manager: EntityManager,
    where: string,
    params: unknown[],
  ): Promise<RemovedRow[]> {
    const [targets] = (await manager.query(
      `UPDATE statuses SET deleted_at = now(), updated_at = now()
        WHERE ${where} AND deleted_at IS NULL
        RETURNING id::text, account_id::text, visibility, reblog_of_id::text, in_reply_to_id::text`,
      params,
    )) as [RemovedRow[], number];
    if (targets.length === 0) return [];
    const ids = targets.map((row) => row.id);
    const [reblogs] = (await manager.query(
      `UPDATE statuses SET deleted_at = now(), updated_at = now()
        WHERE reblog_of_id = ANY($1::bigint[]) AND deleted_at IS NULL
        RETURNING id::text, account_id::text, visibility, reblog_of_id::text, in_reply_to_id::text`,
      [ids],
    )) as [RemovedRow[], number];
    await manager.query(`DELETE FROM status_pins WHERE status_id = ANY($1::bigint[])`, [ids]);

    for (const row of targets) {
      if (row.reblog_of_id) {
        await this.statusStats.increment(row.reblog_of_id, 'reblogs_count', -1, manager);
      }
      if (row.in_reply_to_id && countsAsReply(row.visibility)) {
        await this.statusStats.increment(row.in_reply_to_id, 'replies_count', -1, manager);
      }
    }
    // Reblogs of the deleted statuses no longer count anywhere; their own rows are gone too.
    const decrements = new Map<string, number>();
    for (const row of [...targets, ...reblogs]) {
      if (!countsInStatusesCount(row.visibility)) continue;
      decrements.set(row.account_id, (decrements.get(row.account_id) ?? 0) + 1);
    }
    for (const accountId of [...decrements.keys()].sort()) {
      await this.accountStats.increment(
        accountId,
        'statuses_count',
        -decrements.get(accountId)!,
        manager,
      );
    }
    return [...targets, ...reblogs];
  }

  private async undistribute(rows: RemovedRow[]): Promise<void> {
    for (const row of rows) {
      await this.jobs.enqueue(JobName.UndistributeStatus, {
        statusId: row.id,
        accountId: row.account_id,
      });
    }
  }
}
