import { Injectable } from '@nestjs/common';
import { PollRepository } from '@nestodon/domain';
import { ExpirePollService } from './expire-poll.service';

/**
 * Closes every poll whose end has passed but was not processed (a delayed job lost with
 * Redis, a worker that was down): the expiry jobs sweep these on each run. Returns how many.
 */
@Injectable()
export class ExpireOverduePollsService {
  constructor(
    private readonly polls: PollRepository,
    private readonly expire: ExpirePollService,
  ) {}

  async call(limit = 100): Promise<number> {
    let closed = 0;
    for (const id of await this.polls.overdueIds(limit)) if (await this.expire.call(id)) closed++;
    return closed;
  }
}
