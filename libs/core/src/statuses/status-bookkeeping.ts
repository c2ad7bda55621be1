import { Injectable } from '@nestjs/common';
import {
  AccountStatsRepository,
  Status,
  StatusStatsRepository,
  StatusVisibility,
  StatusWriteRepository,
  Transaction,
} from '@nestodon/domain';
import { countsAsReply, countsInStatusesCount } from '@nestodon/policies';

/**
 * What every new status (posted here or received) does around its row: joins its thread's
 * conversation (or starts one), and moves the parent's reply count and the author's status
 * count and last status time, as its visibility says.
 */
@Injectable()
export class StatusBookkeeping {
  constructor(
    private readonly writes: StatusWriteRepository,
    private readonly accountStats: AccountStatsRepository,
    private readonly statusStats: StatusStatsRepository,
  ) {}

  async conversationFor(thread: Status | null, tx: Transaction): Promise<string> {
    return (
      thread?.conversationId ??
      this.writes.insertConversation(
        thread ? { statusId: thread.id, accountId: thread.accountId } : null,
        tx,
      )
    );
  }

  async countNew(
    status: Pick<Status, 'accountId' | 'createdAt'>,
    visibility: StatusVisibility,
    thread: Status | null,
    tx: Transaction,
  ): Promise<void> {
    if (thread && countsAsReply(visibility)) {
      await this.statusStats.increment(thread.id, 'replies_count', 1, tx);
    }
    if (countsInStatusesCount(visibility)) {
      await this.accountStats.countNewStatus(status.accountId, status.createdAt, tx);
    }
  }
}
