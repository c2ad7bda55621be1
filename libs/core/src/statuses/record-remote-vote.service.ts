import { Injectable } from '@nestjs/common';
import { Account, PollRepository, Status, TransactionRunner } from '@nestodon/domain';
import { ActivityOutbox } from '../outbox/activity-outbox';

/** How long new counts wait for more votes before remote servers hear of them. */
const UPDATE_WINDOW_MS = 3 * 60_000;

/**
 * A remote account voted in a poll of a local status (Mastodon's Create of a Note named after
 * the option, replying to the Question): counted once per voter and option, one option only
 * in a single-choice poll, never after the end or by the poll's author. Remote servers that
 * show the poll then hear its new counts (an Update of the Question, at most one every few
 * minutes). False when not counted.
 */
@Injectable()
export class RecordRemoteVoteService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly polls: PollRepository,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    voter: Account,
    status: Pick<Status, 'id' | 'accountId' | 'local' | 'pollId'>,
    optionTitle: string,
    uri: string,
  ): Promise<boolean> {
    if (!status.local || !status.pollId || status.accountId === voter.id) return false;
    const poll = await this.polls.findById(status.pollId);
    const choice = poll?.options.indexOf(optionTitle) ?? -1;
    if (!poll || choice < 0) return false;
    const counted = await this.transactions.run(async (tx) => {
      const locked = await this.polls.lockForVote(poll.id, tx);
      if (!locked || (locked.expiresAt && locked.expiresAt <= new Date())) return false;
      const chosen = await this.polls.choicesOf(poll.id, voter.id, tx);
      if (chosen.includes(choice) || (!poll.multiple && chosen.length > 0)) return false;
      await this.polls.recordVotes(poll.id, voter.id, [choice], tx, {
        uri,
        newVoter: chosen.length === 0,
      });
      return true;
    });
    if (counted) {
      const update = { type: 'update', statusId: status.id } as const;
      await this.outbox.publishSettled(status, update, `poll-update-${poll.id}`, UPDATE_WINDOW_MS);
    }
    return counted;
  }
}
