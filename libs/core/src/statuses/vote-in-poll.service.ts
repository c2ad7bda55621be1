import { Injectable } from '@nestjs/common';
import {
  Account,
  Poll,
  PollRepository,
  RecordNotFoundError,
  Status,
  TransactionRunner,
  ValidationError,
} from '@nestodon/domain';
import { PollQueries } from './poll-queries';
import { ActivityOutbox } from '../outbox/activity-outbox';

const ERRORS = {
  expired: 'Validation failed: The poll has already ended',
  invalid: 'Validation failed: The chosen vote option does not exist',
  self: 'Validation failed: You cannot vote in your own polls',
  already: 'Validation failed: You have already voted on this poll',
  none: 'Validation failed: Choices must not be empty',
} as const;

/**
 * Votes in a poll of a status the account can see: choices by option index, one for
 * single-choice polls; no voting twice, after the end, or in one's own poll. The poll row is
 * locked while voting, and counters change in SQL, so tallies stay exact.
 */
@Injectable()
export class VoteInPollService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly pollQueries: PollQueries,
    private readonly polls: PollRepository,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(
    account: Account,
    pollId: string,
    choices: number[],
  ): Promise<{ poll: Poll; status: Status }> {
    const { poll, status } = await this.pollQueries.findVisible(pollId, account);
    const unique = [...new Set(choices)];
    if (unique.length === 0) throw new ValidationError(ERRORS.none);
    if (
      unique.some(
        (choice) => !Number.isInteger(choice) || choice < 0 || choice >= poll.options.length,
      )
    ) {
      throw new ValidationError(ERRORS.invalid);
    }
    if (poll.accountId === account.id) throw new ValidationError(ERRORS.self);
    if (!poll.multiple && unique.length > 1) throw new ValidationError(ERRORS.already);

    await this.transactions.run(async (tx) => {
      const locked = await this.polls.lockForVote(poll.id, tx);
      if (!locked) throw new RecordNotFoundError();
      if (locked.expiresAt && locked.expiresAt <= new Date()) {
        throw new ValidationError(ERRORS.expired);
      }
      if (await this.polls.hasVoted(poll.id, account.id, tx)) {
        throw new ValidationError(ERRORS.already);
      }
      await this.polls.recordVotes(poll.id, account.id, unique, tx);
    });
    // A remote poll hears of the votes; a local one counts them where they are.
    if (!status.local) {
      await this.outbox.publish(account, {
        type: 'vote',
        accountId: account.id,
        pollId: poll.id,
        choices: unique,
      });
    }
    return { poll: (await this.polls.findById(poll.id))!, status };
  }
}
