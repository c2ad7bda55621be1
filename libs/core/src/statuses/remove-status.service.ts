import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountStatsRepository,
  isValidId,
  QuoteRepository,
  QuoteState,
  RecordNotFoundError,
  RemovedStatusRow,
  Status,
  StatusRepository,
  StatusStatsRepository,
  StatusWriteRepository,
  Transaction,
  TransactionRunner,
} from '@nestodon/domain';
import { countsAsReply, countsInStatusesCount } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { ActivityOutbox } from '../outbox/activity-outbox';

/**
 * Deletes one's own status (or reblog): soft deletion (the row stays for reports and
 * moderation), invisible everywhere at once; its reblogs go too, pins are removed, counters
 * fall back. For delete-and-redraft the media are detached so the new post can reuse them
 * (unless `deleteMedia`). Feeds are cleaned after commit (JobName.UndistributeStatus), and
 * other servers are sent its Delete (unless `federate: false`: an account deletion sends one
 * Delete of the actor instead).
 */
@Injectable()
export class RemoveStatusService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly statuses: StatusRepository,
    private readonly writes: StatusWriteRepository,
    private readonly accountStats: AccountStatsRepository,
    private readonly statusStats: StatusStatsRepository,
    private readonly quotes: QuoteRepository,
    private readonly jobs: JobQueue,
    private readonly outbox: ActivityOutbox,
  ) {}

  /** Returns the deleted status (author, reblog loaded) so the response can show its source. */
  async call(
    account: Account,
    statusId: string,
    options: { deleteMedia?: boolean; federate?: boolean } = {},
  ): Promise<Status> {
    if (!isValidId(statusId)) throw new RecordNotFoundError();
    // Loaded before deletion: the response shows the media the redraft may reuse.
    const before = await this.statuses.findOneWithRelations(statusId);
    if (!before || before.accountId !== account.id) throw new RecordNotFoundError();
    const removed = await this.transactions.run(async (tx) => {
      const rows = await this.writes.markDeleted(statusId, account.id, tx);
      if (rows.length === 0) throw new RecordNotFoundError();
      await this.fixCounters(rows, tx);
      if (!options.deleteMedia) await this.writes.detachMedia(statusId, tx);
      return rows;
    });
    for (const row of removed) {
      await this.jobs.enqueue(JobName.UndistributeStatus, {
        statusId: row.id,
        accountId: row.accountId,
      });
    }
    // Its reblogs by others go with it on other servers: only the status's own Delete is sent.
    if (options.federate !== false) {
      await this.outbox.publish(account, { type: 'delete', statusId });
    }
    before.deletedAt = new Date();
    return before;
  }

  /**
   * Every counter the deleted status (first row) and its reblogs touched: the reblogged
   * status's reblogs, the parent's replies, the quoted status's quotes, the authors' statuses.
   */
  private async fixCounters(rows: RemovedStatusRow[], tx: Transaction): Promise<void> {
    const [target] = rows;
    if (target.reblogOfId) {
      await this.statusStats.increment(target.reblogOfId, 'reblogs_count', -1, tx);
    }
    const quote = await this.quotes.forStatus(target.id, tx);
    if (quote?.state === QuoteState.Accepted && quote.quotedStatusId) {
      await this.statusStats.increment(quote.quotedStatusId, 'quotes_count', -1, tx);
    }
    if (target.inReplyToId && countsAsReply(target.visibility)) {
      await this.statusStats.increment(target.inReplyToId, 'replies_count', -1, tx);
    }
    // Reblogs of the deleted status no longer count anywhere; their own rows are gone too.
    const decrements = new Map<string, number>();
    for (const row of rows) {
      if (!countsInStatusesCount(row.visibility)) continue;
      decrements.set(row.accountId, (decrements.get(row.accountId) ?? 0) + 1);
    }
    for (const accountId of [...decrements.keys()].sort()) {
      await this.accountStats.increment(
        accountId,
        'statuses_count',
        -decrements.get(accountId)!,
        tx,
      );
    }
  }
}
