import { Injectable } from '@nestjs/common';
import {
  Account,
  isValidId,
  NotPermittedError,
  QuoteRepository,
  QuoteState,
  RecordNotFoundError,
  Status,
  StatusRepository,
  StatusStatsRepository,
  TransactionRunner,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { StatusQueries } from '../statuses/status-queries';

/**
 * POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke: the quoted author withdraws their
 * approval of a quote of a status they can see (Mastodon's RevokeQuoteService): an accepted
 * quote becomes `revoked` (and stops counting), any other `rejected`. The quoting status is
 * redistributed so that streams show the change, and returned. Telling the quoting server
 * (deleting the quote authorization) is the federation work's.
 */
@Injectable()
export class RevokeQuoteService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly quotes: QuoteRepository,
    private readonly statuses: StatusRepository,
    private readonly statusStats: StatusStatsRepository,
    private readonly visibility: StatusQueries,
    private readonly jobs: JobQueue,
  ) {}

  async call(account: Account, statusId: string, quotingStatusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    if (!isValidId(quotingStatusId)) throw new RecordNotFoundError();
    const quotingId = await this.transactions.run(async (tx) => {
      const quote = await this.quotes.lockOfQuoting(status.id, quotingStatusId, tx);
      if (!quote) throw new RecordNotFoundError();
      if (quote.quotedAccountId !== account.id) throw new NotPermittedError();
      if (quote.state === QuoteState.Accepted) {
        await this.quotes.setState(quote.id, QuoteState.Revoked, tx);
        await this.statusStats.increment(status.id, 'quotes_count', -1, tx);
      } else if (quote.state !== QuoteState.Revoked) {
        await this.quotes.setState(quote.id, QuoteState.Rejected, tx);
      }
      return quote.statusId;
    });
    await this.jobs.enqueue(JobName.DistributeStatus, {
      statusId: quotingId,
      update: true,
      skipNotifications: true,
    });
    const quoting = await this.statuses.findOneWithRelations(quotingId);
    if (!quoting) throw new RecordNotFoundError();
    return quoting;
  }
}
