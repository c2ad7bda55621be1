import { Injectable } from '@nestjs/common';
import { Poll, PollRepository, Status, StatusWriteRepository, Transaction } from '@nestodon/domain';
import { PollInput, pollFields } from './status-rules';

/** The poll of a new status, or of an edited one that had none: created without votes and linked. */
@Injectable()
export class CreatePollService {
  constructor(
    private readonly polls: PollRepository,
    private readonly writes: StatusWriteRepository,
  ) {}

  async call(
    status: Pick<Status, 'id' | 'accountId'>,
    input: PollInput,
    tx: Transaction,
  ): Promise<Poll> {
    const poll = await this.polls.insert(status.accountId, status.id, pollFields(input), tx);
    await this.writes.update(status.id, { pollId: poll.id }, tx);
    return poll;
  }
}
